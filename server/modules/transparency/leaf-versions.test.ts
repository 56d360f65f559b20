/**
 * The cut-over to leaves of version 2 (docs/transparency.md "Leaf versions"), on a log begun with a
 * version 1 leaf as the seal wrote them before: the next seal appends after it, sealing every
 * account opened before the cut-over and new entries as version 2; the version 1 leaf keeps its
 * bytes; the inclusion route answers each entry in its leaf's version, each hashing to its leaf;
 * the log's check recomputes each leaf in its own version (an edit of the old entry is still named)
 * and nothing before the horizon is missing. Runs on both drivers.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entryLeafHash, treeHeadSigningBytes } from '@common/transparency/journal';
import { sealedLeafHash } from '@common/transparency/leaves';
import { queryRows } from '../../db/client';
import { transparencyLeaves, transparencyTreeHeads } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, fundClient } from '../../test/factories';
import { signCheckpoint } from './checkpoint';
import { checkLogCoverage } from './integrity-coverage';
import { checkTransparencyLog } from './integrity-log';
import { entryForms } from './leaf-forms';
import { sealJournal } from './seal';
import { signingKeyFor } from './signing-key';

const { t, inject } = useTestContext();
const db = () => t.database.db;
const checks = () =>
  db().transaction(async (tx) => (await checkTransparencyLog(tx)) ?? (await checkLogCoverage(tx)));

describe('a log begun with version 1 leaves', () => {
  it('continues in version 2 after the cut-over, each leaf checked in its own version', async () => {
    const key = signingKeyFor(t.app.ctx.config);
    const c = await createClient(t.app, { balance: 50_00n });
    const [old] = await queryRows<{ id: string }>(
      db(),
      sql`select id from journal_entries where user_id = ${c.id}`,
    );
    // the log as the seal wrote it before the cut-over: one version 1 leaf and its signed head
    const v1 = (await entryForms(db(), [old!.id])).get(old!.id)!.v1;
    const root = entryLeafHash(v1);
    const timestamp = new Date().toISOString();
    await db()
      .insert(transparencyLeaves)
      .values({ leafIndex: 0, entryId: old!.id, version: 1, leafHash: root });
    await db()
      .insert(transparencyTreeHeads)
      .values({
        size: 1,
        rootHash: root,
        timestampMs: Date.parse(timestamp),
        signature: key.sign(treeHeadSigningBytes({ size: 1, rootHash: root, timestamp })),
        publicKey: key.publicKey,
        keyFingerprint: key.fingerprint,
        checkpointSignature: signCheckpoint(key, 1, root),
        scanFrom: sql`now()` as unknown as Date,
      });
    expect(await checks()).toBeNull();

    await fundClient(db(), c.id, 7_00n);
    // the client's available account and the house's cash account, opened before the cut-over
    expect(await sealJournal(db(), key)).toEqual({ appended: 1, accounts: 2, size: 4 });
    const leaves = await db().select().from(transparencyLeaves).orderBy(asc(transparencyLeaves.leafIndex));
    expect(leaves.map((l) => [l.version, l.entryId ? 'entry' : 'account'])).toEqual([
      [1, 'entry'],
      [2, 'account'],
      [2, 'account'],
      [2, 'entry'],
    ]);
    expect(leaves[0]!.leafHash).toBe(root);
    expect(await checks()).toBeNull();

    const answers = [];
    for (const leaf of [leaves[0]!, leaves[3]!]) {
      const res = await inject('GET', `/api/transparency/inclusion/${leaf.entryId}`, c.headers);
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect('v' in answers[0].entry).toBe(false);
    expect(answers[1].entry).toMatchObject({ v: 2, leaf: 'entry', client: c.id });
    for (const a of answers) expect(sealedLeafHash(a.entry)).toBe(a.leafHash);

    const asSuperuser = (statement: ReturnType<typeof sql>) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(statement);
      });
    await asSuperuser(sql`update journal_entries set memo = 'edited' where id = ${old!.id}`);
    expect(await checks()).toBe(`entry ${old!.id}: leaf hash differs from the sealed log at index 0`);
    await asSuperuser(sql`update journal_entries set memo = ${v1.memo} where id = ${old!.id}`);
    expect(await checks()).toBeNull();
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(transparencyLeaves)
      .where(eq(transparencyLeaves.version, 2));
    expect(n).toBe(3);
  });
});
