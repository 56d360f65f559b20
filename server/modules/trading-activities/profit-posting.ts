/**
 * Profit posting: the one way profit reaches a client for a trading activity, and the command that
 * adds profit to a client's active plan. The route of that command is POST
 * /api/user/admin/add-profit/:id (server/modules/plans/routes.ts, next to the plan it is about); the
 * posting lives here, next to the activity rows it keeps in step with the ledger. Amounts are cents.
 *
 * A trading activity's profit always equals the sum of the `profit` entries linked to it
 * (journal_entries.trading_activity_id): `postActivityProfit` posts income_expense ↔ client
 * available for an activity, and taking profit back never drives the available balance below zero.
 *
 * Lock order, as in the plans room: plan row → activity rows → ledger accounts.
 * Errors (AppError): 404 no such client; 409 no active plan, or a withdrawal of profit the
 * available balance cannot cover.
 */
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import type { AddProfitInput } from '@common/schemas/plans';
import type { Tx } from '../../db/client';
import type { TradingActivityRow } from '../../db/rows';
import { tradingActivities } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, house, postEntry } from '../ledger/service';
import { findClient, lockActivePlan } from '../plans/service';

/** An activity with the profit posted for it (cents, from the ledger). */
export type TradingActivityWithPosted = TradingActivityRow & { posted: bigint };

export const usd = (cents: bigint) => `$${formatUsd(cents)}`;

/** An activity as the audit log records it (USD). */
export const activitySnapshot = (
  a: Pick<TradingActivityRow, 'plan' | 'tradeAmount' | 'profit' | 'status'>,
) => ({
  plan: a.plan,
  tradeAmount: centsToUsd(a.tradeAmount),
  profit: centsToUsd(a.profit),
  status: a.status,
});

/**
 * Posts `amount` cents of profit (negative: withdraws it) for an activity: income_expense ↔ client
 * available. A withdrawal the available balance cannot cover → 409 `profitNotCovered`.
 */
export async function postActivityProfit(
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

export function createProfitPosting({ db, log, notifications: notices }: ServiceDeps) {
  return {
    /**
     * Adds plan profit (admin): `input.profit` cents dated `input.date`, posted income_expense →
     * available and recorded as an activity of the active plan. Audited (`plan.add_profit`) and
     * notified. Throws 404 (no such client), 409 "User Does not currently have an active plan".
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
        await postActivityProfit(tx, activity!, input.profit, {
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
        await notices.notify(u, {
          userId,
          title: 'Profit added',
          message: `A profit of ${usd(input.profit)} on your ${label} plan has been added to your available balance.`,
        });
        return { ...activity!, posted: input.profit };
      });
    },
  };
}

export type ProfitPosting = ReturnType<typeof createProfitPosting>;
