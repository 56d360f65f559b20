/**
 * The CSV exports of a client's money lists in the back office (docs/integrations.md "Exports"):
 * deposits, crypto and bank withdrawals, history and trading activity, read back with csv-parse:
 * only that client's rows, the list's filters, in the list's order, amounts in USD, a cell a
 * spreadsheet would run defused; 404 for a staff member named as the client, 403 for a client.
 */
import { describe, expect, it } from 'vitest';
import { deposits, tradingActivities, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, readCsvExport } from '../../test/csv-export';
import { createClient, createTestUser } from '../../test/factories';
import { TEST_ADDRESSES, TEST_BANK_ACCOUNT } from '../../test/factories/withdrawals';

const { t, admin, db, inject } = useTestContext();

const FORMULA = '=HYPERLINK("http://evil","x")';

/** The ids of a list's answer (`data`). */
async function ids(url: string): Promise<string[]> {
  const res = await inject('GET', url, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ _id: string }>).map((r) => r._id);
}

describe("the exports of a client's money lists", () => {
  it("exports a client's deposits, newest first, as the list shows them", async () => {
    const [c, other] = [await createClient(t.app), await createClient(t.app)];
    for (const [userId, hash] of [
      [c.id, FORMULA],
      [c.id, 'abc'],
      [other.id, 'not-theirs'],
    ] as const) {
      await db()
        .insert(deposits)
        .values({ userId, amount: 12_345n, wallet: 'bitcoin', transactionHash: hash, proofKey: 'k' });
    }
    const { head, rows } = await readCsvExport(
      t.app,
      `/api/deposits/export.csv?userId=${c.id}`,
      admin.headers,
      'deposits.csv',
    );
    expect(head).toEqual([
      'Sent (UTC)',
      'Amount (USD)',
      'Wallet',
      'Transaction hash',
      'Status',
      'Reviewed (UTC)',
      'Reason',
      'ID',
    ]);
    expect(rows.map((r) => r.ID)).toEqual(await ids(`/api/deposits?userId=${c.id}`));
    expect(rows.map((r) => r['Transaction hash'])).toEqual(['abc', `'${FORMULA}`]);
    expect(rows[0]).toMatchObject({ 'Amount (USD)': '123.45', Wallet: 'Bitcoin (BTC)', Status: 'pending' });
  });

  it.each(['crypto', 'bank'] as const)(
    "exports a client's %s withdrawals, newest first, without deleted ones",
    async (method) => {
      const c = await createClient(t.app);
      const fields =
        method === 'crypto'
          ? { wallet: 'ethereum', address: TEST_ADDRESSES.ethereum }
          : { ...TEST_BANK_ACCOUNT, accountName: FORMULA };
      const insert = (extra: object = {}) =>
        db()
          .insert(withdrawals)
          .values({ userId: c.id, method, amount: 2_500n, ...fields, ...extra });
      await insert({ status: 'approved', payoutReference: '-cmd' });
      await insert();
      await insert({ status: 'rejected', deletedAt: new Date() });
      // a withdrawal of the other method is in the other list only
      const [otherMethod, otherFields] =
        method === 'crypto'
          ? (['bank', TEST_BANK_ACCOUNT] as const)
          : (['crypto', { wallet: 'ethereum', address: TEST_ADDRESSES.ethereum }] as const);
      await db()
        .insert(withdrawals)
        .values({ userId: c.id, method: otherMethod, amount: 1n, ...otherFields });
      const kind = method === 'crypto' ? 'c' : 'b';
      const { rows } = await readCsvExport(
        t.app,
        `/api/${kind}-withdrawals/export.csv?userId=${c.id}`,
        admin.headers,
        `${method}-withdrawals.csv`,
      );
      expect(rows.map((r) => r.ID)).toEqual(await ids(`/api/${kind}-withdrawals?userId=${c.id}`));
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({
        'Amount (USD)': '25.00',
        Status: 'approved',
        'Payout reference': "'-cmd",
      });
      if (method === 'crypto')
        expect(rows[1]).toMatchObject({
          Wallet: expect.stringMatching(/^Ethereum/),
          Address: TEST_ADDRESSES.ethereum,
        });
      else
        expect(rows[1]).toMatchObject({
          'Account name': `'${FORMULA}`,
          'Account number': '1234',
          SWIFT: 'DEUTDEFF',
        });
    },
  );

  it("exports a client's history with the list's filters, in its order", async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    for (const [transactionType, details] of [
      ['profit', FORMULA],
      ['bonus', 'Welcome'],
      ['profit', 'Closed EUR/USD long'],
    ]) {
      const body = { amount: 5, transactionType, date: '2026-01-03T10:00:00Z', details };
      expect((await inject('POST', `/api/transaction/${c.id}`, admin.headers, body)).statusCode).toBe(201);
    }
    const query = `userId=${c.id}&type=profit`;
    const { rows } = await readCsvExport(
      t.app,
      `/api/transaction/admin/export.csv?${query}`,
      admin.headers,
      'transactions.csv',
    );
    expect(rows.map((r) => r.Reference)).toEqual(await ids(`/api/transaction/admin?${query}&pageSize=40`));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.Details)).toEqual(['Closed EUR/USD long', `'${FORMULA}`]);
    expect(rows[0]).toMatchObject({ 'Amount (USD)': '5.00', 'Money moved (USD)': '5.00' });
  });

  it("exports a client's trading activity with the list's search, newest first", async () => {
    const c = await createClient(t.app);
    for (const [plan, day] of [
      ['copy_trading', 2],
      ['copy_trading', 4],
      ['investment', 3],
    ] as const) {
      await db()
        .insert(tradingActivities)
        .values({
          userId: c.id,
          plan,
          tradeAmount: 25_000n,
          date: new Date(Date.UTC(2026, 0, day)),
          reason: FORMULA,
        });
    }
    const [hidden] = await db()
      .insert(tradingActivities)
      .values({ userId: c.id, plan: 'copy_trading', tradeAmount: 1n, deletedAt: new Date() })
      .returning();
    const query = `userId=${c.id}&search=copy`;
    const { head, rows } = await readCsvExport(
      t.app,
      `/api/trading-activity/admin/export.csv?${query}`,
      admin.headers,
      'trading-activity.csv',
    );
    expect(head[0]).toBe('Date (UTC)');
    expect(rows.map((r) => r.ID)).toEqual(await ids(`/api/trading-activity/admin?${query}&pageSize=40`));
    expect(rows.map((r) => r['Date (UTC)'])).toEqual([
      '2026-01-04T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
    expect(rows.map((r) => r.ID)).not.toContain(hidden!.id);
    expect(rows[0]).toMatchObject({
      'Trade amount (USD)': '250.00',
      'Profit (USD)': '0.00',
      Reason: `'${FORMULA}`,
    });
  });

  it('answers 404 for a staff member named as the client, 400 without a client', async () => {
    const member = await createTestUser(t.app, { role: 'support' });
    const urls = [
      '/api/deposits/export.csv',
      '/api/c-withdrawals/export.csv',
      '/api/b-withdrawals/export.csv',
      '/api/transaction/admin/export.csv',
      '/api/trading-activity/admin/export.csv',
    ];
    for (const url of urls) {
      const res = await inject('GET', `${url}?userId=${member.id}`, admin.headers);
      expect([url, res.statusCode]).toEqual([url, 404]);
      const missing = await inject('GET', url, admin.headers);
      expect([url, missing.statusCode]).toEqual([url, 400]);
    }
  });

  it('refuses a client', async () => {
    const c = await createClient(t.app);
    await expectExportRefused(t.app, `/api/deposits/export.csv?userId=${c.id}`, c.headers);
  });
});
