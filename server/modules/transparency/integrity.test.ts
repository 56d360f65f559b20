/**
 * The integrity check on a sealed ledger: a clean ledger passes; changing any line of a sealed
 * entry (amount or account), its memo, a stored subtree, a tree head, a cached balance, a per-kind total or a
 * liabilities leaf directly in the database, as superuser bypassing the guards
 * (`session_replication_role = replica` turns triggers off), makes it fail naming what changed
 * first; the scheduled check's result reaches the admin overview (the dashboard's alarm) and the
 * metrics; put back, the ledger passes again.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalLines, ledgerAccounts, transparencyLeaves, transparencyNodes } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/app';
import { createAdmin, createClient, type TestUser } from '../ledger/testing';
import { checkAndRecordIntegrity, runIntegrityCheck } from './integrity';
import { takeLiabilitiesSnapshot } from './liabilities';
import { sealJournal } from './seal';
import { signingKeyFor } from './signing-key';

const METRICS = 'integrity-test-metrics-token';
let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestContext({ metricsToken: METRICS });
  admin = await createAdmin(t.app);
  for (let i = 0; i < 6; i += 1) await createClient(t.app, { balance: BigInt(10_000 + i * 777) });
  const sealed = await sealJournal(t.database.db, signingKeyFor(t.app.ctx.config));
  expect(sealed.appended).toBe(6);
  await createClient(t.app, { balance: 5_00n }); // posted after the seal: not in the log yet
  await takeLiabilitiesSnapshot(t.database.db, null);
});
afterAll(async () => t?.close());

/** Runs `statements` as superuser with every trigger (guards, cached balances) off. */
async function asSuperuser(...statements: SQL[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const s of statements) await tx.execute(s);
  });
}

const overview = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/user/admin/overview', headers: admin.headers })).json()
    .data;
const metrics = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS}` },
    })
  ).body;

describe('ledger integrity check', () => {
  it('passes on a clean ledger; the overview shows no alarm before the first check, then a pass', async () => {
    expect((await overview()).integrity).toBeNull();
    expect(await metrics()).toMatch(/^broker_ledger_integrity_ok -1$/m);
    expect(await runIntegrityCheck(t.database.db)).toMatchObject({ ok: true, firstDivergence: null });
    await checkAndRecordIntegrity(t.database.db, t.app.log);
    expect((await overview()).integrity).toMatchObject({ ok: true, firstDivergence: null });
    expect(await metrics()).toMatch(/^broker_ledger_integrity_ok 1$/m);
  });

  it('changing any line of a sealed entry names that entry, and the alarm reaches the dashboard and metrics', async () => {
    const sealed = await t.database.db
      .select({ line: journalLines, leafIndex: transparencyLeaves.leafIndex })
      .from(journalLines)
      .innerJoin(transparencyLeaves, eq(transparencyLeaves.entryId, journalLines.entryId));
    expect(sealed.length).toBe(12);
    const accounts = await t.database.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts);
    for (const [n, { line, leafIndex }] of sealed.entries()) {
      const named = `entry ${line.entryId}: leaf hash differs from the sealed log at index ${leafIndex}`;
      // even lines: the amount (by a cent); odd lines: the account it moves
      const change =
        n % 2 === 0
          ? sql`update journal_lines set amount = amount + 1 where id = ${line.id}`
          : sql`update journal_lines set account_id = ${accounts.find((a) => a.id !== line.accountId)!.id} where id = ${line.id}`;
      await asSuperuser(change);
      expect(await runIntegrityCheck(t.database.db)).toEqual({
        ok: false,
        firstDivergence: named,
        durationMs: expect.any(Number),
      });
      if (n === 0) {
        await checkAndRecordIntegrity(t.database.db, t.app.log);
        expect((await overview()).integrity).toMatchObject({ ok: false, firstDivergence: named });
        expect(await metrics()).toMatch(/^broker_ledger_integrity_ok 0$/m);
      }
      await asSuperuser(
        sql`update journal_lines set amount = ${line.amount}, account_id = ${line.accountId} where id = ${line.id}`,
      );
    }
    expect((await runIntegrityCheck(t.database.db)).ok).toBe(true);
    await checkAndRecordIntegrity(t.database.db, t.app.log);
    expect((await overview()).integrity).toMatchObject({ ok: true });
  });

  it('names a changed memo, subtree, tree head, cached balance, per-kind total and liabilities leaf', async () => {
    const [entry] = await t.database.db.select().from(transparencyLeaves).limit(1);
    const [node] = await t.database.db
      .select()
      .from(transparencyNodes)
      .where(and(eq(transparencyNodes.level, 1), eq(transparencyNodes.index, 1)));
    const cases: Array<[SQL, SQL, RegExp]> = [
      [
        sql`update journal_entries set memo = 'edited' where id = ${entry!.entryId}`,
        sql`update journal_entries set memo = 'test funding' where id = ${entry!.entryId}`,
        new RegExp(`^entry ${entry!.entryId}: leaf hash differs`),
      ],
      [
        sql`update transparency_tree_heads set timestamp_ms = timestamp_ms + 1`,
        sql`update transparency_tree_heads set timestamp_ms = timestamp_ms - 1`,
        /^the tree head of size 6 .*signature does not verify/,
      ],
      [
        sql`update transparency_nodes set hash = repeat('0', 64) where level = 1 and index = 1`,
        sql`update transparency_nodes set hash = ${node!.hash} where level = 1 and index = 1`,
        /^the log's subtree 1\/1 \(leaves 2–3\) differs from its leaves$/,
      ],
      [
        sql`update ledger_accounts set balance = balance + 100 where user_id is not null`,
        sql`update ledger_accounts set balance = balance - 100 where user_id is not null`,
        /^account .* \(client .*, available\): cached balance \d+ cents, its lines sum to \d+ cents$/,
      ],
      [
        sql`update ledger_account_totals set total = total + 1`,
        sql`update ledger_account_totals set total = total - 1`,
        /^account .*: its deposit total is \d+ cents, its lines sum to \d+ cents$/,
      ],
      [
        sql`update liabilities_leaves set total = total + 1 where leaf_index = 0`,
        sql`update liabilities_leaves set total = total - 1 where leaf_index = 0`,
        /^liabilities snapshot .*: its leaves rebuild root/,
      ],
    ];
    for (const [change, undo, named] of cases) {
      await asSuperuser(change);
      expect((await runIntegrityCheck(t.database.db)).firstDivergence).toMatch(named);
      await asSuperuser(undo);
    }
    expect((await runIntegrityCheck(t.database.db)).ok).toBe(true);
  });
});
