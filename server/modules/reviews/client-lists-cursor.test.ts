/**
 * The money lists by cursor (docs/integrations.md "Cursor pages"): a client's deposits, crypto and
 * bank withdrawals, history (the client's own and the admin's view of it) and trading activity,
 * each read whole in pages of 2 while rows are inserted between pages: every row present when the
 * reading began is read exactly once, in the list's order (the numbered pages' or the capped
 * list's); a cursor the list did not answer is refused.
 */
import { describe, expect, it } from 'vitest';
import { deposits, tradingActivities, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectEachOnce, readByCursor } from '../../test/cursor-pages';
import { createClient, type TestUser } from '../../test/factories';
import { TEST_ADDRESSES, TEST_BANK_ACCOUNT } from '../../test/factories/withdrawals';

const { t, admin, db, inject } = useTestContext();

/** `n` deposits of `userId`, two of them sent at the same instant (the id breaks the tie). */
async function addDeposits(userId: string, n: number) {
  const at = new Date(Date.now() - 60_000);
  for (let i = 0; i < n; i += 1) {
    await db()
      .insert(deposits)
      .values({
        userId,
        amount: BigInt(100 + i) * 100n,
        wallet: 'bitcoin',
        proofKey: `deposits/cursor-${i}.png`,
        ...(i < 2 && { createdAt: at }),
      });
  }
}

/** `n` withdrawals of `method` of `userId`, and one deleted (never listed). */
async function addWithdrawals(userId: string, method: 'crypto' | 'bank', n: number) {
  const fields =
    method === 'crypto' ? { wallet: 'ethereum', address: TEST_ADDRESSES.ethereum } : { ...TEST_BANK_ACCOUNT };
  for (let i = 0; i <= n; i += 1) {
    await db()
      .insert(withdrawals)
      .values({
        userId,
        method,
        amount: BigInt(10 + i) * 100n,
        ...fields,
        ...(i === n && { status: 'rejected', deletedAt: new Date() }),
      });
  }
}

/** `n` trading activity rows of `userId`, two on the same date. */
async function addActivities(userId: string, n: number) {
  for (let i = 0; i < n; i += 1) {
    const date = new Date(Date.UTC(2026, 0, 1 + Math.max(i, 1)));
    await db().insert(tradingActivities).values({ userId, plan: 'copy_trading', tradeAmount: 25_000n, date });
  }
}

/** The ids of a list's answer (`data`). */
async function ids(url: string, headers: Record<string, string>): Promise<string[]> {
  const res = await inject('GET', url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ _id: string }>).map((r) => r._id);
}

describe('the money lists by cursor', () => {
  it("reads a client's deposits once each, newest first, as the client and as staff", async () => {
    const c = await createClient(t.app);
    await addDeposits(c.id, 5);
    for (const [url, headers] of [
      ['/api/deposits', c.headers],
      [`/api/deposits?userId=${c.id}`, admin.headers],
    ] as const) {
      const before = await ids(url, headers);
      expect(before.length).toBeGreaterThanOrEqual(5);
      const seen = await readByCursor(inject, url, headers, () => addDeposits(c.id, 2));
      expectEachOnce(seen, before);
    }
  });

  it.each(['crypto', 'bank'] as const)(
    "reads a client's %s withdrawals once each, newest first, never a deleted one",
    async (method) => {
      const c = await createClient(t.app);
      await addWithdrawals(c.id, method, 5);
      const url = `/api/${method === 'crypto' ? 'c' : 'b'}-withdrawals?userId=${c.id}`;
      const before = await ids(url, admin.headers);
      expect(before).toHaveLength(5);
      const seen = await readByCursor(inject, url, admin.headers, () => addWithdrawals(c.id, method, 2));
      expectEachOnce(seen, before);
      expect(seen).toHaveLength(5);
    },
  );

  it("reads a client's history once each, newest first, merged from deposits and entries, with a filter", async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const profit = (date: string) =>
      inject('POST', `/api/transaction/${c.id}`, admin.headers, {
        amount: 5,
        transactionType: 'profit',
        date,
        details: 'Closed EUR/USD long',
      });
    for (const date of ['2026-01-03T10:00:00Z', '2026-01-03T10:00:00Z', '2026-01-05T10:00:00Z']) {
      expect((await profit(date)).statusCode).toBe(201);
    }
    await addDeposits(c.id, 3);
    const between = async () => {
      await addDeposits(c.id, 1);
      await profit('2026-01-04T10:00:00Z');
    };
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/transaction/all?', c.headers],
      [`/api/transaction/admin?userId=${c.id}`, admin.headers],
      [`/api/transaction/admin?userId=${c.id}&type=profit`, admin.headers],
    ];
    for (const [url, headers] of cases) {
      const before = await ids(`${url}&pageSize=40`, headers);
      const seen = await readByCursor(inject, url, headers, between);
      expectEachOnce(seen, before);
    }
  });

  it("reads a client's trading activity once each, newest first, as the client and as staff", async () => {
    const c: TestUser = await createClient(t.app);
    await addActivities(c.id, 5);
    for (const [url, headers] of [
      ['/api/trading-activity', c.headers],
      [`/api/trading-activity/admin?userId=${c.id}`, admin.headers],
    ] as const) {
      const before = await ids(`${url}${url.includes('?') ? '&' : '?'}pageSize=40`, headers);
      expect(before.length).toBeGreaterThanOrEqual(5);
      const seen = await readByCursor(inject, url, headers, () => addActivities(c.id, 2));
      expectEachOnce(seen, before);
    }
  });

  it('answers the total and a null cursor on the last page', async () => {
    const c = await createClient(t.app);
    await addDeposits(c.id, 2);
    const res = await inject('GET', '/api/deposits?limit=5', c.headers);
    expect(res.json()).toMatchObject({ total: 2, nextCursor: null });
  });

  it.each([
    '/api/deposits',
    '/api/c-withdrawals',
    '/api/b-withdrawals',
    '/api/transaction/all',
    '/api/trading-activity',
  ])('refuses a cursor %s did not answer', async (url) => {
    const c = await createClient(t.app);
    const res = await inject('GET', `${url}?limit=2&cursor=bm9wZQ`, c.headers);
    expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_cursor']);
  });
});
