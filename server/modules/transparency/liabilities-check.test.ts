/**
 * The proof of liabilities bound to the client (docs/transparency.md "Proof of liabilities"), on the
 * API's own answers checked by the browser's check (common/transparency/liabilities-check.ts), and
 * the integrity check on the same tampers. A lying operator is played two ways: by editing the
 * answer (another client's leaves, a snapshot other than the latest) and by publishing a forged
 * snapshot that is consistent in itself (leaves altered, tree rebuilt, signature re-made, record
 * sealed): a client understated, a client left out. Runs on both drivers.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiabilitiesProof, LiabilitiesSnapshot } from '@common/schemas/liabilities';
import { checkLiabilitiesProof, LIABILITIES_CHECK_MSG } from '@common/transparency/liabilities-check';
import { snapshotSigningBytes } from '@common/transparency/signing-contexts';
import { buildSumTree, sumTreeRoot } from '@common/transparency/sum-tree';
import { liabilitiesLeaves, liabilitiesSnapshots, transparencyLeaves } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/app';
import { createClient, fundClient, type TestUser } from '../../test/factories';
import { runIntegrityCheck } from './integrity';
import { LEAVES_PER_CLIENT, takeLiabilitiesSnapshot } from './liabilities';
import { sealJournal } from './seal';
import { signatureTrustFor, signingKeyFor } from './signing-key';

let t: TestContext;
let alice: TestUser; // $726.65
let bob: TestUser; // $100.00
let carol: TestUser; // $50.00
beforeAll(async () => {
  t = await createTestContext();
  alice = await createClient(t.app, { balance: 726_65n });
  bob = await createClient(t.app, { balance: 100_00n });
  carol = await createClient(t.app, { balance: 50_00n });
});
afterAll(async () => t?.close());

const key = () => signingKeyFor(t.app.ctx.config);
const get = async <T>(url: string, who?: TestUser): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const verify = () => runIntegrityCheck(t.database.db, { trust: signatureTrustFor(t.app.ctx.config) });

/** Publishes a snapshot (sealing first) and seals its record. */
async function publish(): Promise<LiabilitiesSnapshot> {
  const snapshot = await takeLiabilitiesSnapshot(t.database.db, null, key());
  await sealJournal(t.database.db, key());
  return snapshot!;
}

/** What the browser reads for `who`: the latest snapshot, the verified head, the proof under it, the account value. */
async function browserView(who: TestUser) {
  const latest = await get<LiabilitiesSnapshot>('/api/transparency/liabilities');
  const head = await get<{ size: number; rootHash: string }>('/api/transparency/tree-head');
  const proof = await get<LiabilitiesProof>(`/api/transparency/liabilities/proof?treeSize=${head.size}`, who);
  const { data } = await get<{ data: { balance: number; held: number; invested: number } }>(
    '/api/ledger/account',
    who,
  );
  const accountValueCents = BigInt(Math.round((data.balance + data.held + data.invested) * 100));
  return {
    latest,
    head: { size: head.size, rootHash: head.rootHash },
    proof,
    clientId: who.id,
    accountValueCents,
  };
}

/** Runs `statements` in one transaction with every trigger (append-only guards) off. */
async function asSuperuser(...statements: SQL[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const s of statements) await tx.execute(s);
  });
}

type ForgedLeaf = { userId: string; salt: string; total: bigint };

/**
 * A lying operator's snapshot: takes one, then (before it is sealed) rewrites its leaves with
 * `edit`, rebuilds the tree, re-signs it with the real key, and seals its record. Consistent in
 * itself: its paths verify and its record is in the journal.
 */
async function publishForged(edit: (leaves: ForgedLeaf[]) => ForgedLeaf[]): Promise<string> {
  const taken = await takeLiabilitiesSnapshot(t.database.db, null, key());
  const id = taken!.snapshotId;
  const rows = await t.database.db
    .select()
    .from(liabilitiesLeaves)
    .where(eq(liabilitiesLeaves.snapshotId, id))
    .orderBy(asc(liabilitiesLeaves.leafIndex));
  const leaves = edit(rows.map((r) => ({ userId: r.userId, salt: r.salt, total: r.total })));
  const tree = buildSumTree(
    leaves.map((l) => ({
      clientId: l.userId,
      salt: Uint8Array.from(Buffer.from(l.salt, 'hex')),
      totalCents: l.total,
    })),
  );
  const root = sumTreeRoot(tree);
  const rootHash = bytesToHex(root.hash);
  const accounts = new Set(leaves.map((l) => l.userId)).size;
  const signature = key().sign(
    snapshotSigningBytes({
      snapshotId: id,
      snapshotAt: taken!.snapshotAt,
      rootHash,
      totalCents: root.sum.toString(),
      accounts,
    }),
  );
  const values = (list: SQL[]) => sql.join(list, sql`, `);
  await asSuperuser(
    sql`delete from liabilities_nodes where snapshot_id = ${id}`,
    sql`delete from liabilities_leaves where snapshot_id = ${id}`,
    sql`update liabilities_snapshots set root_hash = ${rootHash}, total = ${root.sum}, accounts = ${accounts},
          leaves = ${leaves.length}, signature = ${signature} where id = ${id}`,
    sql`insert into liabilities_leaves (snapshot_id, leaf_index, user_id, salt, total) values ${values(
      leaves.map((l, i) => sql`(${id}, ${i}, ${l.userId}, ${l.salt}, ${l.total})`),
    )}`,
    sql`insert into liabilities_nodes (snapshot_id, level, index, hash, sum) values ${values(
      tree.levels.flatMap((nodes, level) =>
        nodes.map((n, i) => sql`(${id}, ${level}, ${i}, ${bytesToHex(n.hash)}, ${n.sum})`),
      ),
    )}`,
  );
  await sealJournal(t.database.db, key());
  return id;
}

describe('proof of liabilities bound to the client', () => {
  it('an honest snapshot: K leaves per client summing to the total at the cut, its record sealed, green', async () => {
    const snapshot = await publish();
    expect(snapshot).toMatchObject({ accounts: 3, leaves: 3 * LEAVES_PER_CLIENT, totalCents: '87665' });
    const view = await browserView(alice);
    expect(view.proof.leaves).toHaveLength(LEAVES_PER_CLIENT);
    expect(view.proof.totalAtCutCents).toBe('72665');
    expect(view.proof.snapshotSeal!.leafIndex).toBeGreaterThanOrEqual(snapshot.cutSize!);
    const [sealed] = await t.database.db
      .select()
      .from(transparencyLeaves)
      .where(eq(transparencyLeaves.snapshotId, snapshot.snapshotId));
    expect(sealed!.leafIndex).toBe(view.proof.snapshotSeal!.leafIndex);
    expect(checkLiabilitiesProof(view)).toMatchObject({ kind: 'included', totalCents: 72665n });
    expect((await verify()).firstDivergence).toBeNull();
  });

  it("another client's leaves are refused, as they are or relabelled", async () => {
    const view = await browserView(alice);
    const bobs = await browserView(bob);
    expect(checkLiabilitiesProof({ ...view, proof: { ...view.proof, leaves: bobs.proof.leaves } })).toEqual({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.otherAccount,
    });
    const relabelled = bobs.proof.leaves.map((l) => ({ ...l, clientId: alice.id }));
    const verdict = checkLiabilitiesProof({ ...view, proof: { ...view.proof, leaves: relabelled } });
    expect(verdict).toMatchObject({
      kind: 'failed',
      message: expect.stringMatching(/does not lead to the published root/),
    });
  });

  it('a shadow snapshot (an unlisted id, or an older one) is not the latest', async () => {
    const view = await browserView(alice);
    const shadow = { ...view.proof.snapshot, snapshotId: randomUUID() };
    expect(checkLiabilitiesProof({ ...view, proof: { ...view.proof, snapshot: shadow } })).toEqual({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.notLatest,
    });
    const older = view.proof.snapshot;
    await publish();
    const now = await browserView(alice);
    expect(
      checkLiabilitiesProof({ ...now, proof: { ...view.proof, snapshot: older, treeSize: now.head.size } }),
    ).toEqual({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.notLatest,
    });
    // a root published for everyone that differs from the sealed record
    const lying = { ...now.latest, totalCents: '1' };
    expect(
      checkLiabilitiesProof({ ...now, latest: lying, proof: { ...now.proof, snapshot: lying } }),
    ).toEqual({ kind: 'failed', message: LIABILITIES_CHECK_MSG.notSealed });
  });

  it('changes since the cut: waiting until sealed, then green; an altered change fails', async () => {
    await fundClient(t.database.db, alice.id, 10_00n);
    const pending = await browserView(alice);
    expect(pending.proof.sinceCut).toMatchObject([{ changeCents: '1000', leafIndex: null }]);
    expect(checkLiabilitiesProof(pending)).toEqual({
      kind: 'waiting',
      message: LIABILITIES_CHECK_MSG.waitingChanges,
    });
    await sealJournal(t.database.db, key());
    const sealed = await browserView(alice);
    expect(sealed.proof.sinceCut[0]!.leafIndex).toBeGreaterThanOrEqual(sealed.proof.snapshot.cutSize!);
    expect(checkLiabilitiesProof(sealed)).toMatchObject({ kind: 'included', totalCents: 72665n });
    const altered = sealed.proof.sinceCut.map((c) => ({ ...c, changeCents: '2000' }));
    expect(checkLiabilitiesProof({ ...sealed, proof: { ...sealed.proof, sinceCut: altered } })).toEqual({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.changeAmount,
    });
    expect(checkLiabilitiesProof({ ...sealed, proof: { ...sealed.proof, sinceCut: [] } })).toMatchObject({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.understated(72665n, 73665n),
    });
  });

  it('a snapshot awaiting its seal is never green', async () => {
    await takeLiabilitiesSnapshot(t.database.db, null, key());
    const view = await browserView(alice);
    expect(view.proof.snapshotSeal).toBeNull();
    expect(checkLiabilitiesProof(view)).toEqual({
      kind: 'waiting',
      message: LIABILITIES_CHECK_MSG.waitingSeal,
    });
    await sealJournal(t.database.db, key());
    expect(checkLiabilitiesProof(await browserView(alice)).kind).toBe('included');
  });

  it('an understated client (leaves altered, tree rebuilt, re-signed, sealed) is red in the browser and in ledger:verify', async () => {
    const id = await publishForged((leaves) =>
      leaves.map((l) =>
        l.userId === alice.id
          ? { ...l, total: l === leaves.find((x) => x.userId === alice.id) ? 100n : 0n }
          : l,
      ),
    );
    const view = await browserView(alice);
    expect(view.proof.snapshot.snapshotId).toBe(id);
    expect(checkLiabilitiesProof(view)).toEqual({
      kind: 'failed',
      message: 'The published total for you is $1.00, your account value at that time was $736.65.',
    });
    expect(checkLiabilitiesProof(await browserView(bob)).kind).toBe('included');
    expect((await verify()).firstDivergence).toMatch(
      new RegExp(
        `liabilities snapshot ${id} .*: client ${alice.id}'s leaves sum to 100 cents, the ledger at its cut .* says 73665 cents`,
      ),
    );
  });

  it('an omitted client is red (missing, what to do) in the browser and in ledger:verify; a newer client is grey', async () => {
    const id = await publishForged((leaves) => leaves.filter((l) => l.userId !== carol.id));
    const view = await browserView(carol);
    expect(view.proof).toMatchObject({ included: false, leaves: [] });
    expect(view.proof.opening!.leafIndex).toBeLessThan(view.proof.snapshot.cutSize!);
    expect(checkLiabilitiesProof(view)).toEqual({ kind: 'missing', message: LIABILITIES_CHECK_MSG.missing });
    expect((await verify()).firstDivergence).toMatch(
      new RegExp(
        `liabilities snapshot ${id} .*: client ${carol.id} had an account before its cut .* and is missing from it`,
      ),
    );
    // an honest snapshot again; a client who opens an account after it is told "the next one"
    await publish();
    const dave = await createClient(t.app, { balance: 5_00n });
    await sealJournal(t.database.db, key());
    const daves = await browserView(dave);
    expect(daves.proof.opening!.leafIndex).toBeGreaterThanOrEqual(daves.proof.snapshot.cutSize!);
    expect(checkLiabilitiesProof(daves)).toEqual({ kind: 'next', message: LIABILITIES_CHECK_MSG.next });
    // the same answer with the opening of an account before the cut: missing
    const carols = await browserView(carol);
    expect(
      checkLiabilitiesProof({ ...carols, proof: { ...carols.proof, leaves: [], included: false } }),
    ).toMatchObject({
      kind: 'missing',
    });
    expect(checkLiabilitiesProof({ ...daves, clientId: carol.id })).toEqual({
      kind: 'failed',
      message: LIABILITIES_CHECK_MSG.openingFails,
    });
  });

  it('the integrity check names a snapshot record that differs from the sealed one', async () => {
    const [latest] = await t.database.db
      .select()
      .from(liabilitiesSnapshots)
      .orderBy(sql`${liabilitiesSnapshots.takenAt} desc`)
      .limit(1);
    await asSuperuser(sql`update liabilities_snapshots set cut_size = cut_size - 1 where id = ${latest!.id}`);
    expect((await verify()).firstDivergence).toMatch(
      new RegExp(`liabilities snapshot ${latest!.id}: its record differs from the one sealed at index \\d+`),
    );
    await asSuperuser(sql`update liabilities_snapshots set cut_size = cut_size + 1 where id = ${latest!.id}`);
  });
});
