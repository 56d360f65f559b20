/**
 * Test checks for trading activity and profit posting (used by *.test.ts only): the profit the
 * ledger holds for an activity, and the promise that an activity's stored profit equals it while the
 * ledger balances.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { tradingActivities } from '../../db/schema';
import { ledgerViolations } from '../ledger/testing';

/** Profit posted for an activity (cents): the client's available lines of the entries linked to it. */
export async function postedProfit(db: Db, activityId: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount), 0)::text as total from journal_lines l
    join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
    where e.trading_activity_id = ${activityId} and a.kind = 'available'`,
  );
  return BigInt(row!.total);
}

/** The activity's stored profit equals what was posted for it, and the ledger balances. */
export async function expectActivityConsistent(db: Db, activityId: string): Promise<void> {
  const [row] = await db.select().from(tradingActivities).where(eq(tradingActivities.id, activityId));
  expect(row!.profit).toBe(await postedProfit(db, activityId));
  expect(await ledgerViolations(db)).toEqual([]);
}
