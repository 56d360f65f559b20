/**
 * What of a trading activity row leaves the server: USD amounts, ISO dates, the field names the web
 * app reads (`_id`). The profit shown is the profit posted to the ledger for the row, so the
 * displayed profit always equals what reached the client's balance (profit-posting.ts).
 */
import type { PlanKind, PlanStatus } from '@common/constants';
import type { PublicTradingActivity } from '@common/schemas/plans';
import { centsToUsd } from '../../lib/money';
import type { TradingActivityWithPosted } from './profit-posting';

/** `posted` is the profit posted for the row (cents), which is what the client is shown. */
export function presentTradingActivity(row: TradingActivityWithPosted): PublicTradingActivity {
  return {
    _id: row.id,
    userId: row.userId,
    planId: row.planId,
    plan: row.plan as PlanKind,
    tradeAmount: centsToUsd(row.tradeAmount),
    profit: centsToUsd(row.posted),
    reason: row.reason,
    status: row.status as PlanStatus,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
