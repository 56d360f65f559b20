/**
 * The client's account value over time, read so that its cost depends on the points it answers and
 * not on the length of the client's history (docs/performance.md "An account value series that
 * reads only its points").
 *
 * The journal line trigger keeps, per client and UTC day of an entry's effective_at, how much each
 * client account moved that day and the day's deposits, withdrawals and profit (migration
 * `account_value_days`). One statement reads the client's three cached balances and the days from
 * the range's first day on (an entry may be dated up to a day ahead, so there is no upper bound);
 * each day's closing value is the current balance less the changes of the days after it, so the
 * day before the range costs nothing more. Amounts are cents.
 */
import { sql } from 'drizzle-orm';
import type { ValueHistoryRange } from '@common/schemas/value-history';
import { queryRows, type DbOrTx } from '../../db/client';

/** One day of the series: closing balances and that day's flows, in cents. */
export interface ValueDay {
  day: string;
  available: bigint;
  held: bigint;
  invested: bigint;
  deposits: bigint;
  withdrawals: bigint;
  profit: bigint;
}

/** The range's first day (UTC), computed by the database so that every process agrees on today. */
const RANGE_START: Record<ValueHistoryRange, string | null> = {
  '1M': '1 month',
  '3M': '3 months',
  '1Y': '1 year',
  all: null,
};

const KINDS = ['available', 'held', 'invested'] as const;
const FLOWS = ['deposits', 'withdrawals', 'profit'] as const;

interface Row {
  start: string | null;
  first_day: string | null;
  day: string | null;
  now_available: string;
  now_held: string;
  now_invested: string;
  available: string | null;
  held: string | null;
  invested: string | null;
  deposits: string | null;
  withdrawals: string | null;
  profit: string | null;
}

/**
 * The series of `userId` over `range`: the closing value of the day before the range's first day
 * (when the range has one; no flows) and every day of the range with a row, in day order, and that
 * first day (null for `all`), and the day of the client's first posting (null: none yet).
 */
export async function readValueHistory(
  db: DbOrTx,
  userId: string,
  range: ValueHistoryRange,
): Promise<{ from: string | null; firstDay: string | null; days: ValueDay[] }> {
  const span = RANGE_START[range];
  const rows = await queryRows<Row>(
    db,
    sql`with bounds as (
          select case when ${span}::text is null then null
                      else ((now() at time zone 'UTC')::date - ${span}::interval)::date end as start
        ), balances as (
          select coalesce(sum(balance) filter (where kind = 'available'), 0)::text as now_available,
                 coalesce(sum(balance) filter (where kind = 'held'), 0)::text as now_held,
                 coalesce(sum(balance) filter (where kind = 'invested'), 0)::text as now_invested,
                 (select min(day) from account_value_days where user_id = ${userId})::text as first_day
            from ledger_accounts where user_id = ${userId}
        )
        select b.start::text as start, n.first_day, d.day::text as day, n.now_available, n.now_held, n.now_invested,
               d.available::text as available, d.held::text as held, d.invested::text as invested,
               d.deposits::text as deposits, d.withdrawals::text as withdrawals, d.profit::text as profit
          from bounds b cross join balances n
          left join account_value_days d
            on d.user_id = ${userId} and (b.start is null or d.day >= b.start)
         order by d.day desc`,
  );
  const first = rows[0]!;
  const from = first.start;
  // walk back from today's balances: each day closes at the balance less the later days' changes
  const running = {
    available: BigInt(first.now_available),
    held: BigInt(first.now_held),
    invested: BigInt(first.now_invested),
  };
  const days: ValueDay[] = [];
  for (const row of rows) {
    if (row.day === null) continue;
    const day: ValueDay = { day: row.day, ...running, deposits: 0n, withdrawals: 0n, profit: 0n };
    for (const flow of FLOWS) day[flow] = BigInt(row[flow]!);
    for (const kind of KINDS) running[kind] -= BigInt(row[kind]!);
    days.push(day);
  }
  if (from !== null)
    days.push({ day: dayBefore(from), ...running, deposits: 0n, withdrawals: 0n, profit: 0n });
  return { from, firstDay: first.first_day, days: days.reverse() };
}

/** The day before `day` (both `YYYY-MM-DD`, UTC). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
