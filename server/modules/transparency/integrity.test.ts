/**
 * The integrity check on a sealed ledger: a clean ledger passes; changing any line of a sealed
 * entry (amount or account), its memo, a stored subtree, a tree head, a cached balance, a per-kind total or a
 * liabilities leaf directly in the database, as superuser bypassing the guards
 * (`session_replication_role = replica` turns triggers off), makes it fail naming what changed
 * first; so do two clients' accounts with their owners swapped, and an entry, an account or a
 * liabilities snapshot written with a created_at before the seal horizon (never sealed: the
 * client's proof route says so); the scheduled check's result reaches the admin overview (the dashboard's alarm) and the
 * metrics; put back, the ledger passes again.
 */
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journalLines,
  ledgerAccounts,
  liabilitiesSnapshots,
  transparencyLeaves,
  transparencyNodes,
} from '../../db/schema';
import { TRANSPARENCY_LOG_MSG } from '@common/schemas/transparency-log';
import { createTestContext, type TestContext } from '../../test/app';
import { createAdmin, createClient, type TestUser } from '../../test/factories';
import { checkAndRecordIntegrity, runIntegrityCheck } from './integrity';
import { takeLiabilitiesSnapshot } from './liabilities';
import { sealJournal } from './seal';
import { signatureTrustFor, signingKeyFor } from './signing-key';

const METRICS = 'integrity-test-metrics-token';
let t: TestContext;
let admin: TestUser;
const clients: TestUser[] = [];
beforeAll(async () => {
  t = await createTestContext({ metricsToken: METRICS });
  admin = await createAdmin(t.app);
  for (let i = 0; i < 6; i += 1)
    clients.push(await createClient(t.app, { balance: BigInt(10_000 + i * 777) }));
  const sealed = await sealJournal(t.database.db, signingKeyFor(t.app.ctx.config));
  // six entries, and the openings of six clients' accounts and the house's cash account
  expect(sealed).toMatchObject({ appended: 6, accounts: 7 });
  await createClient(t.app, { balance: 5_00n }); // posted after the seal: the snapshot seals it first
  await takeLiabilitiesSnapshot(t.database.db, null, signingKeyFor(t.app.ctx.config));
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
    expect(
      await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }),
    ).toMatchObject({ ok: true, firstDivergence: null });
    await checkAndRecordIntegrity(t.database.db, t.app.log, signatureTrustFor(t.app.ctx.config));
    expect((await overview()).integrity).toMatchObject({ ok: true, firstDivergence: null });
    expect(await metrics()).toMatch(/^broker_ledger_integrity_ok 1$/m);
  });

  it('changing any line of a sealed entry names that entry, and the alarm reaches the dashboard and metrics', async () => {
    const sealed = await t.database.db
      .select({ line: journalLines, leafIndex: transparencyLeaves.leafIndex })
      .from(journalLines)
      .innerJoin(transparencyLeaves, eq(transparencyLeaves.entryId, journalLines.entryId));
    expect(sealed.length).toBe(14);
    const accounts = await t.database.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts);
    for (const [n, { line, leafIndex }] of sealed.entries()) {
      const named = `entry ${line.entryId}: leaf hash differs from the sealed log at index ${leafIndex}`;
      // even lines: the amount (by a cent); odd lines: the account it moves
      const change =
        n % 2 === 0
          ? sql`update journal_lines set amount = amount + 1 where id = ${line.id}`
          : sql`update journal_lines set account_id = ${accounts.find((a) => a.id !== line.accountId)!.id} where id = ${line.id}`;
      await asSuperuser(change);
      expect(await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).toEqual({
        ok: false,
        firstDivergence: named,
        durationMs: expect.any(Number),
      });
      if (n === 0) {
        await checkAndRecordIntegrity(t.database.db, t.app.log, signatureTrustFor(t.app.ctx.config));
        expect((await overview()).integrity).toMatchObject({ ok: false, firstDivergence: named });
        expect(await metrics()).toMatch(/^broker_ledger_integrity_ok 0$/m);
      }
      await asSuperuser(
        sql`update journal_lines set amount = ${line.amount}, account_id = ${line.accountId} where id = ${line.id}`,
      );
    }
    expect((await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).ok).toBe(
      true,
    );
    await checkAndRecordIntegrity(t.database.db, t.app.log, signatureTrustFor(t.app.ctx.config));
    expect((await overview()).integrity).toMatchObject({ ok: true });
  });

  it('names a changed memo, subtree, tree head, cached balance, per-kind total and liabilities leaf', async () => {
    const [entry] = await t.database.db
      .select()
      .from(transparencyLeaves)
      .where(isNotNull(transparencyLeaves.entryId))
      .limit(1);
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
        /^the tree head of size 13 .*signature does not verify/,
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
      expect(
        (await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }))
          .firstDivergence,
      ).toMatch(named);
      await asSuperuser(undo);
    }
    expect((await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).ok).toBe(
      true,
    );
  });
});

describe('ownership and completeness', () => {
  const accountOf = async (user: TestUser) =>
    (await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id)))[0]!;

  it("two clients' accounts with their owners swapped (triggers off) fail, naming the first account", async () => {
    const [a, b] = [await accountOf(clients[0]!), await accountOf(clients[1]!)];
    // through a third owner (staff, with no available account): each owner keeps one account of a kind
    const swap = (x: string, y: string) => [
      sql`update ledger_accounts set user_id = ${admin.id} where id = ${a.id}`,
      sql`update ledger_accounts set user_id = ${y} where id = ${b.id}`,
      sql`update ledger_accounts set user_id = ${x} where id = ${a.id}`,
    ];
    await asSuperuser(...swap(clients[1]!.id, clients[0]!.id));
    const result = await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) });
    expect(result.ok).toBe(false);
    expect(result.firstDivergence).toMatch(
      new RegExp(
        `^account (${a.id}|${b.id}): its owner or kind differs from its sealed opening at index \\d+$`,
      ),
    );
    await asSuperuser(...swap(clients[0]!.id, clients[1]!.id));
    expect((await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).ok).toBe(
      true,
    );
  });

  it('a liabilities snapshot back-dated before the horizon, its record never sealed, fails', async () => {
    await takeLiabilitiesSnapshot(t.database.db, null, signingKeyFor(t.app.ctx.config));
    const [snapshot] = await t.database.db
      .select()
      .from(liabilitiesSnapshots)
      .orderBy(desc(liabilitiesSnapshots.createdAt))
      .limit(1);
    const shift = (by: SQL) =>
      asSuperuser(
        sql`update liabilities_snapshots set created_at = created_at + ${by} where id = ${snapshot!.id}`,
      );
    await shift(sql`interval '-1 day'`);
    expect(
      (await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }))
        .firstDivergence,
    ).toMatch(
      new RegExp(
        `^liabilities snapshot ${snapshot!.id}: taken at .*, before the seal horizon, and its record is not in the log$`,
      ),
    );
    await shift(sql`interval '1 day'`);
    expect((await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).ok).toBe(
      true,
    );
  });

  it('an account written with a created_at before the horizon, never sealed, fails', async () => {
    const owner = await createClient(t.app);
    const [row] = await t.database.db
      .insert(ledgerAccounts)
      .values({ userId: owner.id, kind: 'held', createdAt: new Date(Date.now() - 86_400_000) })
      .returning();
    expect(
      (await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }))
        .firstDivergence,
    ).toMatch(
      new RegExp(
        `^account ${row!.id}: opened at .*, before the seal horizon, and its opening is not in the log$`,
      ),
    );
    await asSuperuser(sql`delete from ledger_accounts where id = ${row!.id}`);
    expect((await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) })).ok).toBe(
      true,
    );
  });

  it('an entry back-dated before the horizon fails the check, alarms staff and tells its client it was left out', async () => {
    const victim = clients[2]!;
    const account = await accountOf(victim);
    const [cash] = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'cash'));
    const entryId = '01900000-0000-7000-8000-00000000b0d0';
    // with every guard on: the entry balances and moves the cached balance as a posting would
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_entries (id, type, user_id, memo, created_at, effective_at)
        values (${entryId}, 'adjustment', ${victim.id}, 'back-dated', now() - interval '1 day', now() - interval '1 day')`);
      await tx.execute(sql`insert into journal_lines (entry_id, account_id, amount)
        values (${entryId}, ${account.id}, -100), (${entryId}, ${cash!.id}, 100)`);
    });
    const named = new RegExp(
      `^entry ${entryId}: posted at .*, before the seal horizon, and not in the log \\(never sealed\\)$`,
    );
    expect(
      (await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }))
        .firstDivergence,
    ).toMatch(named);
    // a seal never finds it: it stays out of the log
    await sealJournal(t.database.db, signingKeyFor(t.app.ctx.config));
    expect(
      await t.database.db.select().from(transparencyLeaves).where(eq(transparencyLeaves.entryId, entryId)),
    ).toEqual([]);
    expect(
      (await runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) }))
        .firstDivergence,
    ).toMatch(named);
    await checkAndRecordIntegrity(t.database.db, t.app.log, signatureTrustFor(t.app.ctx.config));
    expect((await overview()).integrity).toMatchObject({
      ok: false,
      firstDivergence: expect.stringMatching(named),
    });
    expect(await metrics()).toMatch(/^broker_ledger_integrity_ok 0$/m);
    const proof = await t.app.inject({
      method: 'GET',
      url: `/api/transparency/inclusion/${entryId}`,
      headers: victim.headers,
    });
    expect(proof.statusCode).toBe(404);
    expect(proof.json().message).toBe(TRANSPARENCY_LOG_MSG.overdue);
  });
});
