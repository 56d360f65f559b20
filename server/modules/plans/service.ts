/**
 * Investment plans and trading activity (seed §2.7 trading / trade activities, §2.8 add profit /
 * trading activity, §3, §4 "Active plan", §5 "Trade", §7; DESIGN.md §4–§5). Amounts are cents.
 *
 * - Opening a plan posts `plan_open` (client available → invested) and records a trading activity
 *   (status active, trade amount = capital, profit 0). One active plan per client: the accounts are
 *   locked first, so two parallel opens serialise and the second sees the first (409); the partial
 *   unique index `plans_one_active_idx` backs it (also 409, never 500).
 * - A plan completes when its end date passes (`completeDuePlans`: an interval sweep per API process,
 *   SELECT … FOR UPDATE SKIP LOCKED so each due plan is completed exactly once, plus a lazy pass for
 *   one client before their plan is read or a new one opened) or when an admin clears it: `plan_close`
 *   moves exactly the capital invested → available, the plan's activities become completed, the
 *   client is notified.
 * - Plan profit (admin) posts a `profit` entry income_expense → available with the admin's date and
 *   records an activity row. A trading activity's profit always equals the sum of the profit entries
 *   linked to it (journal_entries.trading_activity_id): editing its profit posts the difference,
 *   deleting it withdraws what was posted; the client's available balance never goes below zero (409).
 *
 * Lock order, the same everywhere so nothing deadlocks: plan row → activity rows → ledger accounts.
 * Every admin change writes one audit row in its transaction. Errors: AppError 404 (no such client or
 * activity), 403 (someone else's activity), 409 (plan state, balance would go negative), 422 (limits,
 * insufficient balance).
 */
import { and, asc, count, desc, eq, ilike, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import {
  PLAN_MAX_CENTS,
  PLAN_MIN_CENTS,
  planLimitsMessage,
  type AddProfitInput,
  type CreateTradingActivityInput,
  type OpenPlanInput,
  type PublicActivePlan,
  type TradingActivityQuery,
  type UpdateTradingActivityInput,
} from '@common/schemas/plans';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { notifications, plans, tradingActivities, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, ensureAccounts, house, lockAccounts, postEntry } from '../ledger/service';
import type { Notice, NotificationsService } from '../notifications/service';
import type { UserRow } from '../../db/rows';
import { presentActivePlan } from './presenter';

export type PlanRow = typeof plans.$inferSelect;
export type TradingActivityRow = typeof tradingActivities.$inferSelect;
/** An activity with the profit posted for it (cents, from the ledger). */
export type TradingActivityWithPosted = TradingActivityRow & { posted: bigint };

const DAY_MS = 86_400_000;

/** Most due plans one sweep completes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/** Writes a notice to a client inside a unit of work. */
export type Notify = (uow: UnitOfWork, notice: Notice) => Promise<unknown>;

/** The in-app notice alone (no e-mail): for callers that have no mailer. */
const notifyInApp: Notify = (uow, notice) => uow.tx.insert(notifications).values(notice);

const usd = (cents: bigint) => `$${formatUsd(cents)}`;
const durationText = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/** True when `err` (possibly wrapped by the driver layer) is a unique violation of `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  type DbError = { code?: string; constraint?: string; message?: string; cause?: unknown };
  for (
    let e = err as DbError | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as DbError | undefined, depth++
  ) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
  }
  return false;
}

/** Runs `work` in a transaction; after-commit tasks run (and failures are logged) only when a logger is given. */
function runUnit<T>(
  db: Db,
  log: FastifyBaseLogger | undefined,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  if (log) return inTransaction(db, log, work);
  return db.transaction((tx) =>
    work({
      tx,
      afterCommit: () => {
        throw new Error('after-commit tasks need a logger (use inTransaction)');
      },
      afterRollback: () => undefined,
    }),
  );
}

/**
 * Completes the plan: its activities become completed, `plan_close` returns exactly the capital
 * (invested → available), the plan is marked completed by `closedBy`, and the client is notified.
 * The caller holds the plan row's lock (SELECT … FOR UPDATE) and has checked it is active.
 */
async function closePlan(
  uow: UnitOfWork,
  plan: PlanRow,
  closedBy: 'schedule' | 'admin',
  notify: Notify,
  actorId: string | null = null,
): Promise<PlanRow> {
  const { tx } = uow;
  const now = new Date();
  const label = PLAN_LABELS[plan.plan as PlanKind];
  await tx
    .update(tradingActivities)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(tradingActivities.planId, plan.id), eq(tradingActivities.status, 'active')));
  await postEntry(tx, {
    type: 'plan_close',
    userId: plan.userId,
    planId: plan.id,
    actorId,
    memo:
      closedBy === 'schedule'
        ? `${label} plan of ${durationText(plan.durationDays)} completed: capital returned`
        : `${label} plan cleared by support: capital returned`,
    lines: [
      { account: client(plan.userId, 'invested'), amount: -plan.amount },
      { account: client(plan.userId, 'available'), amount: plan.amount },
    ],
  });
  const [row] = await tx
    .update(plans)
    .set({ status: 'completed', closedBy, completedAt: now })
    .where(eq(plans.id, plan.id))
    .returning();
  await notify(uow, {
    userId: plan.userId,
    title: closedBy === 'schedule' ? 'Plan completed' : 'Plan cleared',
    message:
      closedBy === 'schedule'
        ? `Your ${label} plan of ${usd(plan.amount)} for ${durationText(plan.durationDays)} has completed. The capital of ${usd(plan.amount)} is back in your available balance.`
        : `Your ${label} plan of ${usd(plan.amount)} was cleared by our support team. The capital of ${usd(plan.amount)} is back in your available balance.`,
  });
  return row!;
}

export interface CompleteDueOptions {
  /** Only this client's plan (the lazy pass before a read); waits for a sweep holding it instead of skipping. */
  userId?: string;
  /** "Now" (tests may move it). */
  now?: Date;
}

/**
 * Completes every active plan whose end date is at or before now, each in its own transaction, and
 * answers how many it completed. Without `userId` (the sweep) a plan locked by another process is
 * skipped (FOR UPDATE SKIP LOCKED: that process completes it); with `userId` the pass waits for the
 * lock and then sees the plan completed. A plan whose completion fails is logged and skipped until
 * the next sweep. `notify` defaults to the in-app notice alone.
 */
export async function completeDuePlans(
  deps: { db: Db; log?: FastifyBaseLogger; notify?: Notify },
  opts: CompleteDueOptions = {},
): Promise<number> {
  const { db, log } = deps;
  const notify = deps.notify ?? notifyInApp;
  const failed: string[] = [];
  let completed = 0;
  while (completed < SWEEP_BATCH) {
    let dueId: string | undefined;
    try {
      const done = await runUnit(db, log, async (uow) => {
        const now = opts.now ?? new Date();
        const [due] = await uow.tx
          .select()
          .from(plans)
          .where(
            and(
              eq(plans.status, 'active'),
              lte(plans.endDate, now),
              opts.userId ? eq(plans.userId, opts.userId) : undefined,
              failed.length > 0 ? notInArray(plans.id, failed) : undefined,
            ),
          )
          .orderBy(asc(plans.endDate), asc(plans.id))
          .limit(1)
          .for('update', opts.userId ? undefined : { skipLocked: true });
        if (!due) return false;
        dueId = due.id;
        await closePlan(uow, due, 'schedule', notify);
        return true;
      });
      if (!done) break;
      completed += 1;
    } catch (err) {
      if (!dueId || !log) throw err;
      log.error({ err, planId: dueId }, 'completing a due plan failed');
      failed.push(dueId);
    }
  }
  return completed;
}

/** The client's active plan, or null. */
export async function findActivePlan(db: DbOrTx, userId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.userId, userId), eq(plans.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** `findActivePlan` built once per database (GET /user/me runs it on every dashboard load). */
const activePlanQueries = new WeakMap<Db, { execute(p: { userId: string }): Promise<PlanRow[]> }>();

/**
 * The client's active plan as the API answers it (`activePlan` of GET /user/me and
 * /user/admin/:id), after completing it if its end date has passed, so nobody sees an overdue
 * active plan. The completion notice is e-mailed too when `log` and `notifications` are given.
 */
export async function currentActivePlan(
  deps: { db: Db; log?: FastifyBaseLogger; notifications?: Pick<NotificationsService, 'notify'> },
  userId: string,
): Promise<PublicActivePlan | null> {
  const { db, log, notifications: notices } = deps;
  // One plain read when no plan is due (the dashboard's usual case); the locking completion runs
  // only for a plan whose end date has passed (issue 7 bench: it was a transaction per GET /user/me).
  let findActive = activePlanQueries.get(db);
  if (!findActive) {
    findActive = db
      .select()
      .from(plans)
      .where(and(eq(plans.userId, sql.placeholder('userId')), eq(plans.status, 'active')))
      .limit(1)
      .prepare('plans_find_active');
    activePlanQueries.set(db, findActive);
  }
  const [active] = await findActive.execute({ userId });
  if (!active || active.endDate > new Date()) return active ? presentActivePlan(active) : null;
  await completeDuePlans(
    { db, log, notify: log && notices ? (uow, n) => notices.notify(uow, n) : undefined },
    { userId },
  );
  const plan = await findActivePlan(db, userId);
  return plan ? presentActivePlan(plan) : null;
}

/** Profit posted for an activity (cents): the client-available lines of the entries linked to it. */
function postedProfitSql(activityId: SQL): SQL<string> {
  // plain SQL with aliases: drizzle leaves column names unqualified in single-table selects
  return sql<string>`(select coalesce(sum(pl.amount), 0) from journal_lines pl
    join journal_entries pe on pe.id = pl.entry_id
    join ledger_accounts pa on pa.id = pl.account_id
    where pe.trading_activity_id = ${activityId} and pa.kind = 'available')`;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function activityWhere(userId: string, search: string | undefined): SQL | undefined {
  const pattern = search ? likePattern(search) : undefined;
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

const activityColumns = { row: tradingActivities, posted: postedProfitSql(sql`${tradingActivities.id}`) };
const withPosted = (r: { row: TradingActivityRow; posted: string }): TradingActivityWithPosted => ({
  ...r.row,
  posted: BigInt(r.posted),
});

export function createPlansService({ db, log, notifications: notices }: ServiceDeps) {
  const notify: Notify = (uow, notice) => notices.notify(uow, notice);

  /** The client an admin acts on, or 404 (admins and anonymised clients are not clients). */
  async function findClient(tx: DbOrTx, userId: string): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    if (!row || row.role !== 'client' || row.deletedAt)
      throw new AppError('NOT_FOUND', PLAN_MSG.clientNotFound);
    return row;
  }

  /** Locks an activity row that is not deleted, with its posted profit. Throws 404. */
  async function lockActivity(tx: Tx, id: string): Promise<TradingActivityWithPosted> {
    const [row] = await tx
      .select(activityColumns)
      .from(tradingActivities)
      .where(and(eq(tradingActivities.id, id), isNull(tradingActivities.deletedAt)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return withPosted(row);
  }

  /**
   * Posts `amount` cents of profit (negative: withdraws it) for an activity: income_expense ↔ client
   * available. A withdrawal the available balance cannot cover → 409 `profitNotCovered`.
   */
  async function postProfit(
    tx: Tx,
    a: { userId: string; id: string; planId: string | null },
    amount: bigint,
    opts: { actorId: string; memo: string; effectiveAt?: Date },
  ): Promise<void> {
    if (amount === 0n) return;
    try {
      await postEntry(tx, {
        type: 'profit',
        userId: a.userId,
        planId: a.planId,
        tradingActivityId: a.id,
        actorId: opts.actorId,
        memo: opts.memo,
        effectiveAt: opts.effectiveAt,
        lines: [
          { account: house('income_expense'), amount: -amount },
          { account: client(a.userId, 'available'), amount },
        ],
      });
    } catch (err) {
      if (err instanceof AppError && err.message === MONEY_MSG.insufficientBalance) {
        throw new AppError('CONFLICT', PLAN_MSG.profitNotCovered);
      }
      throw err;
    }
  }

  const planSnapshot = (p: PlanRow) => ({
    plan: p.plan,
    amount: centsToUsd(p.amount),
    duration: p.durationDays,
    startDate: p.startDate.toISOString(),
    endDate: p.endDate.toISOString(),
    status: p.status,
  });
  const activitySnapshot = (a: Pick<TradingActivityRow, 'plan' | 'tradeAmount' | 'profit' | 'status'>) => ({
    plan: a.plan,
    tradeAmount: centsToUsd(a.tradeAmount),
    profit: centsToUsd(a.profit),
    status: a.status,
  });

  return {
    /** See `completeDuePlans`; the notices here are also e-mailed. Answers how many plans completed. */
    completeDuePlans: (opts: CompleteDueOptions = {}) => completeDuePlans({ db, log, notify }, opts),

    /**
     * Opens a plan of `input.amount` cents for `userId`, from now for `input.duration` days: first
     * completes the client's plan if it is due, then refuses 409 "You already have an active plan",
     * 422 outside the configured limits (the message quotes them), 422 `insufficientFunds` above the
     * available balance; posts `plan_open` and records the activity. With `admin` (PUT
     * /user/admin/active-plan/:id) the client must exist (404), and the change is audited and
     * notified to the client.
     */
    async openPlan(
      userId: string,
      input: OpenPlanInput,
      opts: { admin?: AuditActor; uow?: UnitOfWork } = {},
    ): Promise<PlanRow> {
      return withUnitOfWork(db, log, opts.uow, async (uow) => {
        const { tx } = uow;
        if (opts.admin) await findClient(tx, userId);
        // Lock the client's plan (if due, complete it: its capital counts), then the accounts.
        const [due] = await tx
          .select()
          .from(plans)
          .where(and(eq(plans.userId, userId), eq(plans.status, 'active'), lte(plans.endDate, new Date())))
          .for('update');
        if (due) await closePlan(uow, due, 'schedule', notify);
        const ids = await ensureAccounts(tx, [client(userId, 'available'), client(userId, 'invested')]);
        const locked = await lockAccounts(tx, [...ids.values()]);
        if (await findActivePlan(tx, userId)) throw new AppError('CONFLICT', PLAN_MSG.alreadyActive);
        if (input.amount < PLAN_MIN_CENTS || input.amount > PLAN_MAX_CENTS) {
          throw new AppError('UNPROCESSABLE', planLimitsMessage());
        }
        const available = locked.find((a) => a.kind === 'available')?.balance ?? 0n;
        if (input.amount > available) throw new AppError('UNPROCESSABLE', PLAN_MSG.insufficientFunds);

        const start = new Date();
        const end = new Date(start.getTime() + input.duration * DAY_MS);
        let plan: PlanRow;
        try {
          [plan] = (await tx
            .insert(plans)
            .values({
              userId,
              plan: input.plan,
              amount: input.amount,
              durationDays: input.duration,
              startDate: start,
              endDate: end,
            })
            .returning()) as [PlanRow];
        } catch (err) {
          if (isUniqueViolation(err, 'plans_one_active_idx'))
            throw new AppError('CONFLICT', PLAN_MSG.alreadyActive);
          throw err;
        }
        await tx.insert(tradingActivities).values({
          userId,
          planId: plan.id,
          plan: input.plan,
          tradeAmount: input.amount,
          profit: 0n,
          status: 'active',
          date: start,
        });
        const label = PLAN_LABELS[input.plan];
        await postEntry(tx, {
          type: 'plan_open',
          userId,
          planId: plan.id,
          actorId: opts.admin?.id ?? userId,
          memo: `${label} plan of ${durationText(input.duration)} opened${opts.admin ? ' by support' : ''}`,
          lines: [
            { account: client(userId, 'available'), amount: -input.amount },
            { account: client(userId, 'invested'), amount: input.amount },
          ],
        });
        if (opts.admin) {
          await recordAudit(tx, opts.admin, {
            action: 'plan.open',
            targetUserId: userId,
            targetId: plan.id,
            before: null,
            after: planSnapshot(plan),
          });
          await notify(uow, {
            userId,
            title: 'Plan opened',
            message: `Our support team opened a ${label} plan of ${usd(input.amount)} for ${durationText(input.duration)} for you. The amount moved from your available balance to your invested capital.`,
          });
        }
        return plan;
      });
    },

    /**
     * Clears the client's active plan (admin): the capital returns (`plan_close`, closedBy admin),
     * audited and notified. Throws 404 (no such client), 409 "User Does not currently have an active plan".
     */
    async clearPlan(admin: AuditActor, userId: string): Promise<PlanRow> {
      return withUnitOfWork(db, log, undefined, async (uow) => {
        await findClient(uow.tx, userId);
        const [plan] = await uow.tx
          .select()
          .from(plans)
          .where(and(eq(plans.userId, userId), eq(plans.status, 'active')))
          .for('update');
        if (!plan) throw new AppError('CONFLICT', PLAN_MSG.noActivePlan);
        const closed = await closePlan(uow, plan, 'admin', notify, admin.id);
        await recordAudit(uow.tx, admin, {
          action: 'plan.clear',
          targetUserId: userId,
          targetId: plan.id,
          before: planSnapshot(plan),
          after: planSnapshot(closed),
        });
        return closed;
      });
    },

    /**
     * Adds plan profit (admin): `input.profit` cents dated `input.date`, posted income_expense →
     * available and recorded as an activity of the active plan. Audited and notified. Throws 404
     * (no such client), 409 "User Does not currently have an active plan".
     */
    async addProfit(
      admin: AuditActor,
      userId: string,
      input: AddProfitInput,
      uow?: UnitOfWork,
    ): Promise<TradingActivityWithPosted> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        await findClient(tx, userId);
        const [plan] = await tx
          .select()
          .from(plans)
          .where(and(eq(plans.userId, userId), eq(plans.status, 'active')))
          .for('update');
        if (!plan) throw new AppError('CONFLICT', PLAN_MSG.noActivePlan);
        const [activity] = await tx
          .insert(tradingActivities)
          .values({
            userId,
            planId: plan.id,
            plan: plan.plan,
            tradeAmount: plan.amount,
            profit: input.profit,
            status: 'active',
            date: input.date,
          })
          .returning();
        const label = PLAN_LABELS[plan.plan as PlanKind];
        await postProfit(tx, activity!, input.profit, {
          actorId: admin.id,
          memo: `Profit on your ${label} plan of ${usd(plan.amount)}`,
          effectiveAt: input.date,
        });
        await recordAudit(tx, admin, {
          action: 'plan.add_profit',
          targetUserId: userId,
          targetId: activity!.id,
          before: null,
          after: { ...activitySnapshot(activity!), planId: plan.id, date: input.date.toISOString() },
        });
        await notify(u, {
          userId,
          title: 'Profit added',
          message: `A profit of ${usd(input.profit)} on your ${label} plan has been added to your available balance.`,
        });
        return { ...activity!, posted: input.profit };
      });
    },

    /** One page of a client's trading activity (not deleted), newest first, searched in plan and status. */
    async listActivities(
      userId: string,
      q: TradingActivityQuery,
    ): Promise<{ rows: TradingActivityWithPosted[]; total: number }> {
      const where = activityWhere(userId, q.search);
      const ta = tradingActivities;
      const [rows, [counted]] = await Promise.all([
        db
          .select(activityColumns)
          .from(ta)
          .where(where)
          .orderBy(desc(ta.date), desc(ta.createdAt), desc(ta.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(ta).where(where),
      ]);
      return { rows: rows.map(withPosted), total: Number(counted?.n ?? 0) };
    },

    /** One activity for its owner or an admin. Throws 404 (none, or deleted), 403 (someone else's). */
    async getActivity(viewer: UserRow, id: string): Promise<TradingActivityWithPosted> {
      const [row] = await db
        .select(activityColumns)
        .from(tradingActivities)
        .where(and(eq(tradingActivities.id, id), isNull(tradingActivities.deletedAt)));
      if (!row) throw new AppError('NOT_FOUND');
      if (row.row.userId !== viewer.id && viewer.role !== 'admin') throw new AppError('FORBIDDEN');
      return withPosted(row);
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
        await postProfit(tx, activity!, input.profit, {
          actorId: admin.id,
          memo: `Profit on a ${label} trade of ${usd(input.tradeAmount)}`,
        });
        await recordAudit(tx, admin, {
          action: 'trading_activity.create',
          targetUserId: input.userId,
          targetId: activity!.id,
          before: null,
          after: activitySnapshot(activity!),
        });
        if (input.profit > 0n) {
          await notify(u, {
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
    ): Promise<TradingActivityWithPosted> {
      return withUnitOfWork(db, log, undefined, async (u) => {
        const { tx } = u;
        const before = await lockActivity(tx, id);
        const delta = input.profit - before.posted;
        const label = PLAN_LABELS[input.plan];
        await postProfit(tx, before, delta, {
          actorId: admin.id,
          memo:
            delta > 0n
              ? `Profit on a ${label} trade raised from ${usd(before.posted)} to ${usd(input.profit)}`
              : `Profit on a ${label} trade corrected from ${usd(before.posted)} to ${usd(input.profit)}`,
        });
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
          await notify(u, {
            userId: before.userId,
            title: 'Trade profit updated',
            message: `The profit of a ${label} trade was changed from ${usd(before.posted)} to ${usd(input.profit)}; the difference of ${usd(delta < 0n ? -delta : delta)} was ${delta > 0n ? 'added to' : 'taken from'} your available balance.`,
          });
        }
        return { ...row!, posted: input.profit };
      });
    },

    /**
     * Deletes an activity (admin): withdraws the profit posted for it (409 when the available
     * balance cannot cover it), then hides the row (`deleted_at`); its entries stay. Audited. Throws 404.
     */
    async deleteActivity(admin: AuditActor, id: string): Promise<void> {
      await withUnitOfWork(db, log, undefined, async (u) => {
        const { tx } = u;
        const before = await lockActivity(tx, id);
        const label = PLAN_LABELS[before.plan as PlanKind];
        await postProfit(tx, before, -before.posted, {
          actorId: admin.id,
          memo: `Profit of a deleted ${label} trade withdrawn`,
        });
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
          await notify(u, {
            userId: before.userId,
            title: 'Trade removed',
            message: `A ${label} trade was removed from your trading activity; its profit of ${usd(before.posted)} was taken from your available balance.`,
          });
        }
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
