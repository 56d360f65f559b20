/**
 * What of a plan or trading activity row leaves the server (seed §3 "Active plan", "Trading
 * activity"): USD amounts, ISO dates, the seed's field names. An activity's profit is the profit
 * posted to the ledger for it (DESIGN.md §5: displayed profit always equals posted profit).
 */
import type { PlanKind, PlanStatus } from '@common/constants';
import type { PublicActivePlan, PublicTradingActivity } from '@common/schemas/plans';
import { centsToUsd } from '../../lib/money';
import type { plans, tradingActivities } from '../../db/schema';

type PlanRow = typeof plans.$inferSelect;
type TradingActivityRow = typeof tradingActivities.$inferSelect;

export function presentActivePlan(row: PlanRow): PublicActivePlan {
  return {
    _id: row.id,
    plan: row.plan as PlanKind,
    amount: centsToUsd(row.amount),
    duration: row.durationDays,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: row.status as PlanStatus,
  };
}

/** `posted` is the profit posted for the row (cents), which is what the client is shown. */
export function presentTradingActivity(row: TradingActivityRow & { posted: bigint }): PublicTradingActivity {
  return {
    _id: row.id,
    userId: row.userId,
    planId: row.planId,
    plan: row.plan as PlanKind,
    tradeAmount: centsToUsd(row.tradeAmount),
    profit: centsToUsd(row.posted),
    status: row.status as PlanStatus,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
