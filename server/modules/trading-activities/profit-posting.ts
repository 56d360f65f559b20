/**
 * Plan results: the one way a gain or a loss reaches a client for a trading activity, and the
 * command that posts a result on a client's active plan. The route of that command is POST
 * /api/user/admin/add-profit/:id (add-profit-routes.ts, beside this file); the posting lives here,
 * next to the activity rows it keeps in step with the ledger. Amounts are cents.
 *
 * A trading activity's result always equals the sum of the client lines of the `profit` entries
 * linked to it (journal_entries.trading_activity_id). A gain sits in the client's available balance;
 * a loss comes out of the plan's invested capital, so the capital returned at the end of the term is
 * what is left (docs/product.md "Plan results"). Taking a gain back never drives the available
 * balance below zero, and a loss never exceeds the capital left.
 *
 * Lock order, as in the plans room: plan row → activity rows → ledger accounts.
 * Errors (AppError): 404 no such client; 409 no active plan, a withdrawal of profit the available
 * balance cannot cover, a loss beyond the capital left, or a change of capital after the plan ended.
 */
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import type { AddProfitInput } from '@common/schemas/plans';
import type { DbOrTx, Tx } from '../../db/client';
import type { TradingActivityRow } from '../../db/rows';
import { ledgerAccounts, plans, tradingActivities } from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvent } from '../../lib/webhook-events';
import { AppError, isAppError } from '../../lib/errors';
import { centsToUsd, usd, usdDecimal } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, clientBalance, house, postEntry } from '../ledger/service';
import { findClient, lockActivePlan } from '../plans/service';

/** An activity with the profit posted for it (cents, from the ledger). */
export type TradingActivityWithPosted = TradingActivityRow & { posted: bigint };

/** An activity as the audit log records it (USD). */
export const activitySnapshot = (
  a: Pick<TradingActivityRow, 'plan' | 'tradeAmount' | 'profit' | 'status'>,
) => ({
  plan: a.plan,
  tradeAmount: centsToUsd(a.tradeAmount),
  profit: centsToUsd(a.profit),
  status: a.status,
});

const max0 = (c: bigint) => (c > 0n ? c : 0n);
const min0 = (c: bigint) => (c < 0n ? c : 0n);

/**
 * Moves the result posted for an activity from `posted` to `target` cents (negative: a loss) in one
 * `profit` entry against income_expense: the client's available balance by the change of the gain
 * (max(·, 0)), the invested capital by the change of the loss (min(·, 0)). The capital only moves
 * while the activity's plan is active (409 `planEnded`). Throws 409 `profitNotCovered` (available
 * cannot cover taking a gain back) or `lossExceedsCapital` (the capital left cannot cover a loss).
 */
export async function postActivityResult(
  tx: Tx,
  a: { userId: string; id: string; planId: string | null },
  change: { posted: bigint; target: bigint },
  opts: { actorId: string; memo: string; effectiveAt?: Date },
): Promise<void> {
  const toAvailable = max0(change.target) - max0(change.posted);
  const toInvested = min0(change.target) - min0(change.posted);
  if (toAvailable === 0n && toInvested === 0n) return;
  if (toInvested !== 0n) {
    // no lock: a closing plan locks its activity rows first, and the caller holds this one
    const [plan] = a.planId
      ? await tx.select({ status: plans.status }).from(plans).where(eq(plans.id, a.planId))
      : [];
    if (plan?.status !== 'active') throw new AppError('plan_ended');
  }
  const lines = [
    { account: house('income_expense'), amount: -(toAvailable + toInvested) },
    ...(toAvailable !== 0n ? [{ account: client(a.userId, 'available'), amount: toAvailable }] : []),
    ...(toInvested !== 0n ? [{ account: client(a.userId, 'invested'), amount: toInvested }] : []),
  ];
  try {
    await postEntry(tx, {
      type: 'profit',
      userId: a.userId,
      planId: a.planId,
      tradingActivityId: a.id,
      actorId: opts.actorId,
      memo: opts.memo,
      effectiveAt: opts.effectiveAt,
      lines,
    });
    await recordEvent(tx, {
      type: 'plan.result_posted',
      data: {
        clientId: a.userId,
        planId: a.planId,
        tradingActivityId: a.id,
        resultUsd: usdDecimal(change.target),
        postedUsd: usdDecimal(change.target - change.posted),
      },
    });
  } catch (err) {
    if (isAppError(err, 'insufficient_balance')) {
      throw new AppError(toInvested < 0n ? 'loss_exceeds_capital' : 'profit_not_covered');
    }
    throw err;
  }
}

/**
 * Throws what `postActivityResult` would throw for the same change as things are now, without
 * posting: 409 `planEnded` (the capital would move and the activity's plan is not active),
 * `profitNotCovered` (a gain taken back beyond the available balance) or `lossExceedsCapital`. What
 * four-eyes asks before it holds a change or removal of an activity, so a checker is never asked to
 * approve one that cannot run (approvals/service.ts `refuseImpossible`). Reads, in `conn`.
 */
export async function refuseUnpostable(
  conn: DbOrTx,
  a: { userId: string; planId: string | null },
  change: { posted: bigint; target: bigint },
): Promise<void> {
  const toAvailable = max0(change.target) - max0(change.posted);
  const toInvested = min0(change.target) - min0(change.posted);
  if (toInvested !== 0n) {
    const [plan] = a.planId
      ? await conn.select({ status: plans.status }).from(plans).where(eq(plans.id, a.planId))
      : [];
    if (plan?.status !== 'active') throw new AppError('plan_ended');
    if (toInvested < 0n && (await clientBalance(conn, a.userId, 'invested')) < -toInvested)
      throw new AppError('loss_exceeds_capital');
  }
  if (toAvailable < 0n && (await clientBalance(conn, a.userId, 'available')) < -toAvailable)
    throw new AppError('profit_not_covered');
}

/**
 * Throws 409 when posting `input` on client `userId`'s plan could never run as things are now:
 * `noActivePlan`, or `lossExceedsCapital` for a loss (negative `profit`, cents) beyond the capital
 * left in the active plan (the client's `invested` balance). What four-eyes asks before holding a
 * plan result (approvals/service.ts `refuseImpossible`); 404 for no such client. Reads, in `tx`.
 */
export async function refuseUncoverableLoss(
  tx: DbOrTx,
  userId: string,
  input: AddProfitInput,
): Promise<void> {
  await findClient(tx, userId);
  const [plan] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.userId, userId), eq(plans.status, 'active')));
  if (!plan) throw new AppError('no_active_plan');
  if (input.profit >= 0n) return;
  const [invested] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'invested')));
  if (-input.profit > BigInt(invested?.balance ?? 0)) throw new AppError('loss_exceeds_capital');
}

export function createProfitPosting({ db, log, notifications: notices }: ServiceDeps) {
  return {
    /**
     * Posts a plan result (finance): `input.profit` cents dated `input.date`, a gain to the available
     * balance or a loss (negative) out of the plan's invested capital, recorded as an activity of
     * the active plan with `input.reason`. Audited (`plan.add_profit`) and notified with the reason.
     * Throws 404 (no such client), 409 "User Does not currently have an active plan",
     * 409 `lossExceedsCapital`.
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
        const plan = await lockActivePlan(tx, userId);
        if (!plan) throw new AppError('no_active_plan');
        const [activity] = await tx
          .insert(tradingActivities)
          .values({
            userId,
            planId: plan.id,
            plan: plan.plan,
            tradeAmount: plan.amount,
            profit: input.profit,
            reason: input.reason,
            status: 'active',
            date: input.date,
          })
          .returning();
        const label = PLAN_LABELS[plan.plan as PlanKind];
        const loss = input.profit < 0n;
        const size = usd(loss ? -input.profit : input.profit);
        await postActivityResult(
          tx,
          activity!,
          { posted: 0n, target: input.profit },
          {
            actorId: admin.id,
            memo: `${loss ? 'Loss' : 'Profit'} on your ${label} plan of ${usd(plan.amount)}: ${input.reason}`,
            effectiveAt: input.date,
          },
        );
        await recordAudit(tx, admin, {
          action: 'plan.add_profit',
          targetUserId: userId,
          targetId: activity!.id,
          before: null,
          after: {
            ...activitySnapshot(activity!),
            planId: plan.id,
            date: input.date.toISOString(),
            reason: input.reason,
          },
        });
        await notices.notify(u, {
          userId,
          title: loss ? 'Plan loss' : 'Profit added',
          message: loss
            ? `Your ${label} plan lost ${size}, taken from its capital. Reason: ${input.reason}`
            : `A profit of ${size} on your ${label} plan has been added to your available balance. Reason: ${input.reason}`,
        });
        return { ...activity!, posted: input.profit };
      });
    },
  };
}

export type ProfitPosting = ReturnType<typeof createProfitPosting>;
