/**
 * One client's trading activity as CSV (GET /api/trading-activity/admin/export.csv?userId&search;
 * docs/integrations.md "Exports"): the back office's list (not deleted, the list's search), in its
 * order (newest first: date, time recorded, id), every row, streamed a batch at a time with
 * formula-safe cells (lib/csv.ts): date, plan, trade amount and profit (USD; the profit is what the
 * ledger posted for the row), status, reason, time recorded, id.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { PLAN_LABELS, type PlanKind } from '@common/constants';
import { tradingActivities as ta } from '../../db/schema';
import { csvStream, csvTime, type StreamRows } from '../../lib/csv';
import { usdDecimal } from '../../lib/money';
import { sortedBy } from '../../lib/paging';
import { ACTIVITY_ORDER, activityWhere, postedProfitSql } from './service';

/** A row as the export reads it (cents as text, times as Date or text). */
interface ActivityExportRow {
  id: string;
  date: Date | string;
  created_at: Date | string;
  plan: string;
  trade_amount: string;
  posted: string;
  status: string;
  reason: string | null;
}

/** The export's header row. */
export const ACTIVITY_CSV_HEAD = [
  'Date (UTC)',
  'Plan',
  'Trade amount (USD)',
  'Profit (USD)',
  'Status',
  'Reason',
  'Recorded (UTC)',
  'ID',
];

/** Every trading activity row of client `q.userId` matching `q.search`, newest first, as a CSV stream. */
export function exportActivitiesCsv(
  streamRows: StreamRows,
  q: { userId: string; search?: string },
): Promise<Readable> {
  const rows = streamRows<ActivityExportRow>(
    sql`select ${ta.id} as id, ${ta.date} as date, ${ta.createdAt} as created_at, ${ta.plan} as plan,
      ${ta.tradeAmount}::text as trade_amount, ${postedProfitSql(sql`${ta.id}`)}::text as posted,
      ${ta.status} as status, ${ta.reason} as reason
      from ${ta} where ${activityWhere(q.userId, q.search)}
      order by ${sql.join(sortedBy(ACTIVITY_ORDER), sql`, `)}`,
  );
  return csvStream(ACTIVITY_CSV_HEAD, rows, (r) => [
    csvTime(r.date),
    PLAN_LABELS[r.plan as PlanKind] ?? r.plan,
    usdDecimal(BigInt(r.trade_amount)),
    usdDecimal(BigInt(r.posted)),
    r.status,
    r.reason ?? '',
    csvTime(r.created_at),
    r.id,
  ]);
}
