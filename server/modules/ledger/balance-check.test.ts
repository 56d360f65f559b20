/**
 * The database's balance check at commit (migration ledger_guards), for lines written by raw SQL:
 * a line added after the checks ran early (SET CONSTRAINTS ALL IMMEDIATE), a line added to an
 * entry of an earlier transaction, and an unbalanced entry among balanced ones of one transaction
 * are each refused; balanced entries, checked early or at commit, are kept.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { journalEntries, journalLines } from '../../db/schema';
import { useBareTestContext } from '../../test/context';
import { client, ensureAccounts, house } from './service';
import { createTestUser, ledgerViolations } from '../../test/factories';

const t = useBareTestContext();

/** A client with their available account and the house cash account: ids by name. */
async function accounts() {
  const u = (await createTestUser(t.app)).id;
  const ids = await t.database.db.transaction((tx) =>
    ensureAccounts(tx, [client(u, 'available'), house('cash')]),
  );
  return { u, available: ids.get(`${u}:available`)!, cash: ids.get('house:cash')! };
}

type Accounts = Awaited<ReturnType<typeof accounts>>;

/** Inserts an adjustment entry with a line of `cents` to the client and `cash` to the house. */
async function entry(tx: Tx, a: Accounts, cents: bigint, cash = -cents): Promise<string> {
  const [e] = await tx.insert(journalEntries).values({ type: 'adjustment', userId: a.u }).returning();
  await tx.insert(journalLines).values([
    { entryId: e!.id, accountId: a.available, amount: cents },
    { entryId: e!.id, accountId: a.cash, amount: cash },
  ]);
  return e!.id;
}

/** The message of the database's refusal of `work`'s transaction (fails the test if it commits). */
async function refusal(work: (tx: Tx) => Promise<unknown>): Promise<string> {
  const err = await t.database.db.transaction(work).then(
    () => null,
    (e: unknown) => e as { message: string; cause?: { message: string } },
  );
  expect(err, 'the database should refuse this').not.toBeNull();
  return `${err!.message} ${err!.cause?.message ?? ''}`;
}

describe('balance check at commit', () => {
  it('still checks a line added after the checks ran early in the same transaction', async () => {
    const a = await accounts();
    const message = await refusal(async (tx) => {
      const id = await entry(tx, a, 10n);
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      await tx.insert(journalLines).values({ entryId: id, accountId: a.available, amount: 1n });
    });
    expect(message).toMatch(/unbalanced \(3 lines, sum 1\)/);
  });

  it('checks a line added to an entry of an earlier transaction', async () => {
    const a = await accounts();
    const id = await t.database.db.transaction((tx) => entry(tx, a, 10n));
    const message = await refusal((tx) =>
      tx.insert(journalLines).values({ entryId: id, accountId: a.available, amount: 1n }),
    );
    expect(message).toMatch(/unbalanced/);
  });

  it('checks every entry of a transaction, an unbalanced one between balanced ones', async () => {
    const a = await accounts();
    const message = await refusal(async (tx) => {
      await entry(tx, a, 5n);
      await entry(tx, a, 7n, -6n);
      await entry(tx, a, 9n);
    });
    expect(message).toMatch(/unbalanced \(2 lines, sum 1\)/);
  });

  it('commits balanced entries, checked early or at commit, and leaves no violation', async () => {
    const a = await accounts();
    await t.database.db.transaction(async (tx) => {
      await entry(tx, a, 5n);
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      await entry(tx, a, 7n);
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
