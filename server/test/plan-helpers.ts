/**
 * Test checks for plans, trading activity and profit posting (used by *.test.ts only): the profit
 * the ledger holds for an activity, the promise that an activity's stored profit equals it while the
 * ledger balances, and the helpers the plan tests share.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../db/client';
import { auditLog, plans, tradingActivities } from '../db/schema';
import { injector, type Headers, type TestContext } from './app';
import { createClient, ledgerViolations, type TestUser } from './factories';

/**
 * The result posted for an activity (cents, negative for a loss): the client's available and
 * invested lines of the entries linked to it.
 */
export async function postedProfit(db: Db, activityId: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount), 0)::text as total from journal_lines l
    join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
    where e.trading_activity_id = ${activityId} and a.kind in ('available', 'invested')`,
  );
  return BigInt(row!.total);
}

/** The activity's stored profit equals what was posted for it, and the ledger balances. */
export async function expectActivityConsistent(db: Db, activityId: string): Promise<void> {
  const [row] = await db.select().from(tradingActivities).where(eq(tradingActivities.id, activityId));
  expect(row!.profit).toBe(await postedProfit(db, activityId));
  expect(await ledgerViolations(db)).toEqual([]);
}

/**
 * The helpers the plan and trading-activity tests share, on the context `t` (filled in by
 * beforeAll, read at each call): `open` (POST /api/user/active-plan, $500 for 7 days of copy
 * trading unless `body` says otherwise), `makeDue`, `audits`, `postedFor` and `expectConsistent`.
 */
export function planHelpers(t: TestContext) {
  const inject = injector(() => t);
  const db = () => t.database.db;
  const open = (headers: Headers, body: Record<string, unknown> = {}) =>
    inject('POST', '/api/user/active-plan', headers, {
      amount: 500,
      duration: 7,
      plan: 'copy_trading',
      ...body,
    });
  return {
    open,
    /**
     * A client with $1,000.00 who opened a $600 plan, on which `admin` posted a $150 loss ("Position
     * closed at a loss"): what the wording tests of statements and exports read.
     */
    clientWithLoss: async (admin: { headers: Headers }): Promise<TestUser> => {
      const c = await createClient(t.app, { balance: 1_000_00n, level: 'identity' });
      expect((await open(c.headers, { amount: 600 })).statusCode).toBe(201);
      const loss = await inject('POST', `/api/user/admin/add-profit/${c.id}`, admin.headers, {
        profit: -150,
        date: new Date().toISOString(),
        reason: 'Position closed at a loss',
      });
      expect(loss.statusCode, loss.body).toBe(201);
      return c;
    },
    /** Moves the client's active plan's end date into the past (as if its term had run out). */
    makeDue: async (userId: string) => {
      await db()
        .update(plans)
        .set({ endDate: sql`now() - interval '1 minute'` })
        .where(and(eq(plans.userId, userId), eq(plans.status, 'active')));
    },
    /** Audit rows of `action` on `targetId`. */
    audits: (action: string, targetId: string) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId))),
    /** Profit posted for an activity (cents). */
    postedFor: (activityId: string) => postedProfit(db(), activityId),
    /** The activity's stored profit equals what was posted for it, and the ledger balances. */
    expectConsistent: (activityId: string) => expectActivityConsistent(db(), activityId),
  };
}
