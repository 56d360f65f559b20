import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { queryRows, type Db } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts, ledgerAccountTotals } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/app';
import {
  client,
  ensureAccounts,
  getClientFigures,
  house,
  postEntry,
  reverseEntry,
  type NewEntry,
} from './service';
import { createTestUser, fundClient, ledgerViolations } from '../../test/factories';
import { profitEntry } from '../../test/postings';

let t: TestContext;
let db: Db;
beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
});
afterAll(async () => t?.close());

const newClient = async () => (await createTestUser(t.app)).id;
const post = (entry: NewEntry) => db.transaction((tx) => postEntry(tx, entry));
const profit = profitEntry;
const available = async (userId: string) => (await getClientFigures(db, userId)).balance;
/** The database error behind a failed drizzle query (drizzle wraps it as `cause`). */
const dbError = async (p: Promise<unknown>) => {
  const e = (await p.then(
    () => null,
    (err: unknown) => err,
  )) as { message: string; cause?: { message: string } } | null;
  expect(e, 'the database should refuse this').not.toBeNull();
  return `${e!.message} ${e!.cause?.message ?? ''}`;
};

describe('posting', () => {
  it('posts a balanced entry and moves cached balances in the same transaction', async () => {
    const u = await newClient();
    await fundClient(db, u, 100_00n);
    await post(profit(u, 25_50n));
    expect(await available(u)).toBe(125_50n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses an unbalanced or one-line entry in code', async () => {
    const u = await newClient();
    await expect(
      post({ ...profit(u, 1n), lines: [{ account: client(u, 'available'), amount: 1n }] }),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      post({
        ...profit(u, 1n),
        lines: [
          { account: house('cash'), amount: -2n },
          { account: client(u, 'available'), amount: 1n },
        ],
      }),
    ).rejects.toThrow(/unbalanced/);
  });

  it('refuses with 422 when a client account would go below zero, and posts nothing', async () => {
    const u = await newClient();
    await fundClient(db, u, 10_00n);
    const before = await db.select({ n: sql<number>`count(*)` }).from(journalEntries);
    await expect(
      post({
        type: 'withdrawal_hold',
        userId: u,
        lines: [
          { account: client(u, 'available'), amount: -10_01n },
          { account: client(u, 'held'), amount: 10_01n },
        ],
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: MONEY_MSG.insufficientBalance });
    expect(await db.select({ n: sql<number>`count(*)` }).from(journalEntries)).toEqual(before);
    expect(await available(u)).toBe(10_00n);
  });

  it('creates a client’s accounts once even when many transactions race to create them', async () => {
    const u = await newClient();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          ensureAccounts(tx, [client(u, 'available'), client(u, 'held'), house('cash')]),
        ),
      ),
    );
    const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, u));
    expect(rows.map((r) => r.kind).sort()).toEqual(['available', 'held']);
  });
});

describe('database guards', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of journal entries and lines', async () => {
    const u = await newClient();
    await fundClient(db, u, 5_00n);
    const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.userId, u));
    const id = entry!.id;
    const writes = [
      () => db.update(journalEntries).set({ memo: 'edited' }).where(eq(journalEntries.id, id)),
      () => db.delete(journalEntries).where(eq(journalEntries.id, id)),
      () => db.update(journalLines).set({ amount: 1n }).where(eq(journalLines.entryId, id)),
      () => db.delete(journalLines).where(eq(journalLines.entryId, id)),
      // cascade: the tables that refer to the journal (the transparency log) would refuse first otherwise
      () => db.execute(sql`truncate journal_lines, journal_entries cascade`),
    ];
    for (const write of writes) expect(await dbError(write())).toMatch(/append-only/);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses to change a cached balance except by posting lines', async () => {
    const u = await newClient();
    await fundClient(db, u, 5_00n);
    expect(
      await dbError(
        db.update(ledgerAccounts).set({ balance: 1_000_000n }).where(eq(ledgerAccounts.userId, u)),
      ),
    ).toMatch(/only by posting/);
    expect(await dbError(db.delete(ledgerAccounts).where(eq(ledgerAccounts.userId, u)))).toMatch(
      /never deleted/,
    );
  });

  it('refuses to write the per-kind totals except by posting lines', async () => {
    const u = await newClient();
    await fundClient(db, u, 5_00n);
    const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, u));
    const ofAccount = eq(ledgerAccountTotals.accountId, account!.id);
    const writes = [
      () => db.update(ledgerAccountTotals).set({ total: 1_000_000n }).where(ofAccount),
      () => db.insert(ledgerAccountTotals).values({ accountId: account!.id, entryType: 'bonus', total: 9n }),
      () => db.delete(ledgerAccountTotals).where(ofAccount),
    ];
    for (const write of writes) expect(await dbError(write())).toMatch(/only by posting/);
    expect(await dbError(db.execute(sql`truncate ledger_account_totals`))).toMatch(/refused/);
    expect(await db.select().from(ledgerAccountTotals).where(ofAccount)).toEqual([
      { accountId: account!.id, entryType: 'deposit', total: 5_00n },
    ]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('keeps no cached balance on house accounts: their lines are their balance', async () => {
    const u = await newClient();
    await fundClient(db, u, 7_00n);
    const houseRows = await db.select().from(ledgerAccounts).where(isNull(ledgerAccounts.userId));
    expect(houseRows.length).toBeGreaterThan(0);
    expect(houseRows.every((r) => r.balance === 0n)).toBe(true);
    const [cash] = await queryRows<{ total: string }>(
      db,
      sql`select coalesce(sum(l.amount), 0)::bigint as total from journal_lines l
      join ledger_accounts a on a.id = l.account_id where a.user_id is null and a.kind = 'cash'`,
    );
    expect(BigInt(cash!.total)).toBeLessThanOrEqual(-7_00n);
    expect(
      await dbError(db.update(ledgerAccounts).set({ balance: 1n }).where(isNull(ledgerAccounts.userId))),
    ).toMatch(/only by posting/);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  /**
   * Writes an adjustment entry by raw inserts (not through the posting code) in one transaction:
   * `available` to the client's available account, `cash` to the house cash account. Answers the
   * database's error message.
   */
  async function rawAdjustment(u: string, available: bigint, cash: bigint): Promise<string> {
    return dbError(
      db.transaction(async (tx) => {
        const ids = await ensureAccounts(tx, [client(u, 'available'), house('cash')]);
        const [e] = await tx.insert(journalEntries).values({ type: 'adjustment', userId: u }).returning();
        await tx.insert(journalLines).values([
          { entryId: e!.id, accountId: ids.get(`${u}:available`)!, amount: available },
          { entryId: e!.id, accountId: ids.get('house:cash')!, amount: cash },
        ]);
      }),
    );
  }

  it('refuses at commit an entry whose lines do not sum to zero, written by raw SQL', async () => {
    const u = await newClient();
    const message = await rawAdjustment(u, 5n, -4n);
    expect(message).toMatch(/unbalanced/);
    expect(await available(u)).toBe(0n);
  });

  it('refuses a negative client balance through the CHECK on the cached balance', async () => {
    const u = await newClient();
    const message = await rawAdjustment(u, -5n, 5n);
    expect(message).toMatch(/ledger_accounts_client_non_negative/);
  });
});

describe('reversal', () => {
  it('voids with a linked reversing entry, once; never a reversal; never below zero', async () => {
    const u = await newClient();
    await fundClient(db, u, 10_00n);
    const gift = await post(profit(u, 3_00n));
    const reversal = await db.transaction((tx) => reverseEntry(tx, gift, { actorId: u, memo: 'mistake' }));
    expect(reversal).toMatchObject({ type: 'reversal', reverses: gift.id, userId: u, memo: 'mistake' });
    expect(await available(u)).toBe(10_00n);
    await expect(
      db.transaction((tx) => reverseEntry(tx, gift, { actorId: u, memo: 'again' })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: MONEY_MSG.alreadyVoided,
    });
    await expect(
      db.transaction((tx) => reverseEntry(tx, reversal, { actorId: u, memo: 'undo' })),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    // the client spent the money: voiding the credit now would overdraw → 422
    const bigGift = await post(profit(u, 50_00n));
    await post({
      type: 'withdrawal_hold',
      userId: u,
      lines: [
        { account: client(u, 'available'), amount: -55_00n },
        { account: client(u, 'held'), amount: 55_00n },
      ],
    });
    await expect(
      db.transaction((tx) => reverseEntry(tx, bigGift, { actorId: u, memo: 'late' })),
    ).rejects.toMatchObject({
      statusCode: 422,
    });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('derives the client figures from the lines, net of reversals', async () => {
    const u = await newClient();
    await fundClient(db, u, 100_00n);
    const p = await post(profit(u, 7_00n));
    await post(profit(u, 2_00n));
    await db.transaction((tx) => reverseEntry(tx, p, { actorId: u, memo: 'void' }));
    await post({
      type: 'referral_bonus',
      userId: u,
      lines: [
        { account: house('income_expense'), amount: -3_00n },
        { account: client(u, 'available'), amount: 3_00n },
      ],
    });
    expect(await getClientFigures(db, u)).toEqual({
      balance: 105_00n,
      held: 0n,
      invested: 0n,
      totalDeposit: 100_00n,
      totalProfit: 2_00n,
      referralBonus: 3_00n,
      totalBonus: 0n,
    });
  });
});

describe('GET /api/ledger/account', () => {
  it('needs a session and answers the figures in USD', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger/account' })).statusCode).toBe(401);
    const c = await createTestUser(t.app);
    await fundClient(db, c.id, 12_34n);
    const res = await t.app.inject({ method: 'GET', url: '/api/ledger/account', headers: c.headers });
    expect(res.json().data).toMatchObject({ balance: 12.34, totalDeposit: 12.34, held: 0, totalProfit: 0 });
  });
});
