/**
 * How a plan ends: `closePlan` completes one plan (its end date passed, or an admin cleared it) and
 * `completeDuePlans` finds the plans whose end date has passed and completes each once. The sweep
 * (server/jobs.ts) runs it in every API process; the plans service runs it for one client before
 * their plan is read or a new one opened. Amounts are cents.
 *
 * Completing a plan moves the capital left in it invested → available (`plan_close`): the capital
 * less the losses posted on it (trading-activities/profit-posting.ts), marks the plan's activities
 * completed and notifies the client. Several processes may sweep at once: SELECT … FOR
 * UPDATE SKIP LOCKED hands each due plan to one of them. Lock order, as everywhere in plans:
 * plan row → activity rows → ledger accounts.
 */
import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import type { Db } from '../../db/client';
import type { PlanRow } from '../../db/rows';
import { journalEntries, journalLines, ledgerAccounts, plans, tradingActivities } from '../../db/schema';
import { formatUsd } from '../../lib/money';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { client, postEntry } from '../ledger/service';
import type { NotificationsService } from '../notifications/service';

/** Most due plans one sweep completes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * What writes a completion's notice to the client inside the unit of work: the notifications
 * room's `notify` (the one notice path: the row and its e-mail, sent after commit).
 */
export type Notices = Pick<NotificationsService, 'notify'>;

/** Cents → "$1,234.56" for memos and notices. */
export const usd = (cents: bigint) => `$${formatUsd(cents)}`;
/** A plan's duration as memos and notices say it: "1 day", "7 days". */
export const durationText = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/**
 * The capital left in a plan (cents): the client's invested lines of the entries linked to it (its
 * `plan_open`, the losses posted on it and their corrections).
 */
export async function capitalLeft(tx: UnitOfWork['tx'], planId: string): Promise<bigint> {
  const [row] = await tx
    .select({ left: sql<string>`coalesce(sum(${journalLines.amount}), 0)` })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(journalEntries.planId, planId), eq(ledgerAccounts.kind, 'invested')));
  return BigInt(row?.left ?? '0');
}

/**
 * Completes the plan: its activities become completed, `plan_close` returns the capital left in it
 * (invested → available; nothing when losses took it all), the plan is marked completed by
 * `closedBy`, and the client is notified. The caller holds the plan row's lock (SELECT … FOR
 * UPDATE) and has checked it is active. The activities are updated before the capital is read, so a
 * change of a loss on one of them (which holds its row) is counted.
 */
export async function closePlan(
  uow: UnitOfWork,
  plan: PlanRow,
  closedBy: 'schedule' | 'admin',
  notices: Notices,
  actorId: string | null = null,
): Promise<PlanRow> {
  const { tx } = uow;
  const now = new Date();
  const label = PLAN_LABELS[plan.plan as PlanKind];
  await tx
    .update(tradingActivities)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(tradingActivities.planId, plan.id), eq(tradingActivities.status, 'active')));
  const left = await capitalLeft(tx, plan.id);
  if (left > 0n) {
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
        { account: client(plan.userId, 'invested'), amount: -left },
        { account: client(plan.userId, 'available'), amount: left },
      ],
    });
  }
  const returned =
    left === plan.amount
      ? `The capital of ${usd(left)} is back in your available balance.`
      : `After losses of ${usd(plan.amount - left)}, the capital left of ${usd(left)} is back in your available balance.`;
  const [row] = await tx
    .update(plans)
    .set({ status: 'completed', closedBy, completedAt: now })
    .where(eq(plans.id, plan.id))
    .returning();
  await notices.notify(uow, {
    userId: plan.userId,
    title: closedBy === 'schedule' ? 'Plan completed' : 'Plan cleared',
    message:
      closedBy === 'schedule'
        ? `Your ${label} plan of ${usd(plan.amount)} for ${durationText(plan.durationDays)} has completed. ${returned}`
        : `Your ${label} plan of ${usd(plan.amount)} was cleared by our support team. ${returned}`,
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
 * the next sweep. `notices.notify` writes each completion's notice (with its e-mail).
 */
export async function completeDuePlans(
  deps: { db: Db; log: FastifyBaseLogger; notices: Notices },
  opts: CompleteDueOptions = {},
): Promise<number> {
  const { db, log, notices } = deps;
  const failed: string[] = [];
  let completed = 0;
  while (completed < SWEEP_BATCH) {
    let dueId: string | undefined;
    try {
      const done = await inTransaction(db, log, async (uow) => {
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
        await closePlan(uow, due, 'schedule', notices);
        return true;
      });
      if (!done) break;
      completed += 1;
    } catch (err) {
      if (!dueId) throw err;
      log.error({ err, planId: dueId }, 'completing a due plan failed');
      failed.push(dueId);
    }
  }
  return completed;
}
