/**
 * Trading activity rows: a client's list and one row for its owner or an admin, and an admin's
 * create, edit and delete. Amounts are cents.
 *
 * An activity's profit always equals the sum of the profit entries linked to it
 * (journal_entries.trading_activity_id, posted through profit-posting.ts): creating one with a
 * profit posts it, editing its profit posts the difference, deleting it withdraws what was posted;
 * the client's available balance never goes below zero (409). What the API shows as profit is read
 * from the ledger, not from the row.
 *
 * Every admin change writes one audit row in its transaction and notifies the client when money
 * moved. Errors: AppError 404 (no such client or activity), 403 (someone else's activity), 409
 * (balance would go negative).
 */
import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import type {
  CreateTradingActivityInput,
  TradingActivityQuery,
  UpdateTradingActivityInput,
} from '@common/schemas/plans';
import type { Tx } from '../../db/client';
import type { TradingActivityRow, UserRow } from '../../db/rows';
import { tradingActivities } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { containsPattern, sortedBy, type SortKey } from '../../lib/paging';
import { afterCursor, asksCursorPage, cursorPageOf } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { usd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { assertOwnerOrStaff } from '../../lib/list-owner';
import { findClient } from '../plans/service';
import { activitySnapshot, postActivityResult, type TradingActivityWithPosted } from './profit-posting';

/**
 * The result posted for an activity (cents, negative for a loss): the client's available and
 * invested lines of the entries linked to it (profit-posting.ts).
 */
export function postedProfitSql(activityId: SQL): SQL<string> {
  // plain SQL with aliases: drizzle leaves column names unqualified in single-table selects
  return sql<string>`(select coalesce(sum(pl.amount), 0) from journal_lines pl
    join journal_entries pe on pe.id = pl.entry_id
    join ledger_accounts pa on pa.id = pl.account_id
    where pe.trading_activity_id = ${activityId} and pa.kind in ('available', 'invested'))`;
}

/** A client's trading activity rows (not deleted) matching `search` in plan and status. */
export function activityWhere(userId: string, search: string | undefined): SQL | undefined {
  const pattern = search ? containsPattern(search) : undefined;
  const ta = tradingActivities;
  return and(
    eq(ta.userId, userId),
    isNull(ta.deletedAt),
    pattern
      ? or(
          ilike(ta.plan, pattern),
          ilike(sql`replace(${ta.plan}, '_', ' ')`, pattern),
          ilike(ta.status, pattern),
        )
      : undefined,
  );
}

/** The trading activity's order: newest first (date, time recorded, id); the lists' and the export's. */
export const ACTIVITY_ORDER: readonly SortKey[] = [
  [tradingActivities.date, 'desc'],
  [tradingActivities.createdAt, 'desc'],
  [tradingActivities.id, 'desc'],
];

const activityColumns = { row: tradingActivities, posted: postedProfitSql(sql`${tradingActivities.id}`) };
const withPosted = (r: { row: TradingActivityRow; posted: string }): TradingActivityWithPosted => ({
  ...r.row,
  posted: BigInt(r.posted),
});

/** Locks an activity row that is not deleted, with its posted profit. Throws 404. */
async function lockActivity(tx: Tx, id: string): Promise<TradingActivityWithPosted> {
  const [row] = await tx
    .select(activityColumns)
    .from(tradingActivities)
    .where(and(eq(tradingActivities.id, id), isNull(tradingActivities.deletedAt)))
    .for('update');
  if (!row) throw new AppError('not_found');
  return withPosted(row);
}

export function createTradingActivitiesService({ db, log, notifications: notices }: ServiceDeps) {
  async function findActivity(id: string): Promise<TradingActivityWithPosted> {
    const [row] = await db
      .select(activityColumns)
      .from(tradingActivities)
      .where(and(eq(tradingActivities.id, id), isNull(tradingActivities.deletedAt)));
    if (!row) throw new AppError('not_found');
    return withPosted(row);
  }

  return {
    /**
     * One page of a client's trading activity (not deleted), newest first (date, time recorded, id),
     * searched in plan and status, and how many rows match: page `q.page`, or, with `q.cursor` or
     * `q.limit`, the cursor page after `q.cursor` and the next cursor (lib/cursor.ts). Throws 400
     * `invalid_cursor`.
     */
    async listActivities(
      userId: string,
      q: TradingActivityQuery,
    ): Promise<{ rows: TradingActivityWithPosted[]; total: number; nextCursor?: string | null }> {
      const where = activityWhere(userId, q.search);
      const ta = tradingActivities;
      const read = async (after: SQL | undefined, limit: number, offset = 0) =>
        (
          await db
            .select(activityColumns)
            .from(ta)
            .where(and(where, after))
            .orderBy(...sortedBy(ACTIVITY_ORDER))
            .limit(limit)
            .offset(offset)
        ).map(withPosted);
      const total = db
        .select({ n: count() })
        .from(ta)
        .where(where)
        .then(([counted]) => Number(counted?.n ?? 0));
      if (!asksCursorPage(q)) {
        const [rows, n] = await Promise.all([read(undefined, q.pageSize, (q.page - 1) * q.pageSize), total]);
        return { rows, total: n };
      }
      const after = (id: string) => afterCursor(ta, ACTIVITY_ORDER, id);
      const [page, n] = await Promise.all([cursorPageOf(q, after, read), total]);
      return { rows: page.rows, total: n, nextCursor: page.nextCursor };
    },

    /** One activity (not deleted) with its posted result, as staff read it. Throws 404. */
    findActivity,

    /** One activity for its owner or an admin. Throws 404 (none, or deleted), 403 (someone else's). */
    async getActivity(viewer: UserRow, id: string): Promise<TradingActivityWithPosted> {
      const row = await findActivity(id);
      assertOwnerOrStaff(viewer, row.userId);
      return row;
    },

    /**
     * Records a trading activity for a client (admin); a profit above 0 is posted to their available
     * balance. Audited; notified when money moved. Throws 404 (no such client).
     */
    async createActivity(
      admin: AuditActor,
      input: CreateTradingActivityInput,
      uow?: UnitOfWork,
    ): Promise<TradingActivityWithPosted> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        await findClient(tx, input.userId);
        const [activity] = await tx
          .insert(tradingActivities)
          .values({
            userId: input.userId,
            plan: input.plan,
            tradeAmount: input.tradeAmount,
            profit: input.profit,
            status: input.statuss,
          })
          .returning();
        const label = PLAN_LABELS[input.plan];
        await postActivityResult(
          tx,
          activity!,
          { posted: 0n, target: input.profit },
          {
            actorId: admin.id,
            memo: `Profit on a ${label} trade of ${usd(input.tradeAmount)}`,
          },
        );
        await recordAudit(tx, admin, {
          action: 'trading_activity.create',
          targetUserId: input.userId,
          targetId: activity!.id,
          before: null,
          after: activitySnapshot(activity!),
        });
        if (input.profit > 0n) {
          await notices.notify(u, {
            userId: input.userId,
            title: 'Profit added',
            message: `A profit of ${usd(input.profit)} on a ${label} trade has been added to your available balance.`,
          });
        }
        return { ...activity!, posted: input.profit };
      });
    },

    /**
     * Updates an activity (admin). A change of profit posts the difference from what was posted
     * (more: a profit entry; less: a profit entry taking it back, refused 409 when the available
     * balance cannot cover it). Audited; notified when money moved. Throws 404.
     */
    async updateActivity(
      admin: AuditActor,
      id: string,
      input: UpdateTradingActivityInput,
      uow?: UnitOfWork,
    ): Promise<TradingActivityWithPosted> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        const before = await lockActivity(tx, id);
        const delta = input.profit - before.posted;
        const label = PLAN_LABELS[input.plan];
        await postActivityResult(
          tx,
          before,
          { posted: before.posted, target: input.profit },
          {
            actorId: admin.id,
            memo:
              delta > 0n
                ? `Profit on a ${label} trade raised from ${usd(before.posted)} to ${usd(input.profit)}`
                : `Profit on a ${label} trade corrected from ${usd(before.posted)} to ${usd(input.profit)}`,
          },
        );
        const [row] = await tx
          .update(tradingActivities)
          .set({
            tradeAmount: input.tradeAmount,
            profit: input.profit,
            plan: input.plan,
            status: input.statuss,
            updatedAt: new Date(),
          })
          .where(eq(tradingActivities.id, id))
          .returning();
        await recordAudit(tx, admin, {
          action: 'trading_activity.update',
          targetUserId: before.userId,
          targetId: id,
          before: activitySnapshot({ ...before, profit: before.posted }),
          after: activitySnapshot(row!),
        });
        if (delta !== 0n) {
          await notices.notify(u, {
            userId: before.userId,
            title: 'Trade profit updated',
            message:
              before.posted < 0n
                ? `The loss of ${usd(-before.posted)} on a ${label} trade was corrected to a result of ${usd(input.profit)}; the loss went back into the plan's capital.`
                : `The profit of a ${label} trade was changed from ${usd(before.posted)} to ${usd(input.profit)}; the difference of ${usd(delta < 0n ? -delta : delta)} was ${delta > 0n ? 'added to' : 'taken from'} your available balance.`,
          });
        }
        return { ...row!, posted: input.profit };
      });
    },

    /**
     * Deletes an activity (admin): withdraws the profit posted for it (409 when the available
     * balance cannot cover it), then hides the row (`deleted_at`); its entries stay. Audited. Throws 404.
     */
    async deleteActivity(admin: AuditActor, id: string, uow?: UnitOfWork): Promise<void> {
      await withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        const before = await lockActivity(tx, id);
        const label = PLAN_LABELS[before.plan as PlanKind];
        await postActivityResult(
          tx,
          before,
          { posted: before.posted, target: 0n },
          {
            actorId: admin.id,
            memo: `Profit of a deleted ${label} trade withdrawn`,
          },
        );
        await tx
          .update(tradingActivities)
          .set({ profit: 0n, deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(tradingActivities.id, id));
        await recordAudit(tx, admin, {
          action: 'trading_activity.delete',
          targetUserId: before.userId,
          targetId: id,
          before: activitySnapshot({ ...before, profit: before.posted }),
          after: null,
        });
        if (before.posted !== 0n) {
          await notices.notify(u, {
            userId: before.userId,
            title: 'Trade removed',
            message:
              before.posted < 0n
                ? `A ${label} trade was removed from your trading activity; its loss of ${usd(-before.posted)} went back into the plan's capital.`
                : `A ${label} trade was removed from your trading activity; its profit of ${usd(before.posted)} was taken from your available balance.`,
          });
        }
      });
    },
  };
}

export type TradingActivitiesService = ReturnType<typeof createTradingActivitiesService>;
