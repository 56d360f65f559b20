/**
 * Proof of liabilities through the API: the published total equals the ledger's client liabilities
 * (summed from journal lines here), every client's proof verifies with an INDEPENDENT verifier
 * written below with node:crypto (not common/transparency/sum-tree.ts), forged proofs fail in it
 * and in the browser's verifier, 404s say why, staff snapshots are audited, rows are append-only.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIABILITIES_MSG, type LiabilitiesProof } from '@common/schemas/liabilities';
import { verifySumProof } from '@common/transparency/sum-tree';
import { queryRows } from '../../db/client';
import { auditLog, liabilitiesSnapshots } from '../../db/schema';
import { createTestContext, type TestContext, UNKNOWN_ID } from '../../test/app';
import { createAdmin, createClient, createTestUser, type TestUser } from '../../test/factories';
import { client, postEntry } from '../ledger/service';
import { LEAVES_PER_CLIENT, splitTotal } from './liabilities';
import { verifyLiabilitiesSnapshot } from './liabilities-verify';

type ProofLeaf = LiabilitiesProof['leaves'][number];

/** One leaf with the published root, as the independent verifier reads it. */
interface LeafProof {
  leaf: ProofLeaf;
  path: ProofLeaf['path'];
  rootHash: string;
  totalCents: string;
}

/** Each of the proof's leaves with the snapshot's root. */
const leafProofs = (p: LiabilitiesProof): LeafProof[] =>
  p.leaves.map((leaf) => ({
    leaf,
    path: leaf.path,
    rootHash: p.snapshot.rootHash,
    totalCents: p.snapshot.totalCents,
  }));

/** Independent: SHA-256 over Buffers; sums as BigInt; any non-digit sum fails. */
function independentlyVerified(p: LeafProof): boolean {
  const u64 = (v: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(v);
    return b;
  };
  if (!/^\d+$/.test(p.leaf.totalCents)) return false;
  let sum = BigInt(p.leaf.totalCents);
  let hash = createHash('sha256')
    .update(Buffer.from([0]))
    .update(Buffer.from(p.leaf.salt, 'hex'))
    .update(Buffer.from(p.leaf.clientId.replace(/-/g, ''), 'hex'))
    .update(u64(sum))
    .digest();
  for (const step of p.path) {
    if (!/^\d+$/.test(step.sum)) return false;
    const s = BigInt(step.sum);
    const h = Buffer.from(step.hash, 'hex');
    const parts = step.side === 'left' ? [h, u64(s), hash, u64(sum)] : [hash, u64(sum), h, u64(s)];
    hash = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), ...parts]))
      .digest();
    sum += s;
  }
  return hash.toString('hex') === p.rootHash && sum === BigInt(p.totalCents);
}

let t: TestContext;
let admin: TestUser;
let clients: TestUser[];
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t.app);
});
afterAll(async () => t?.close());

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

/** Every client's available + held + invested, from the journal's lines (not the cached balances). */
async function ledgerLiabilities(): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ user_id: string; total: string }>(
    t.database.db,
    sql`select a.user_id, sum(l.amount)::text as total from journal_lines l
          join ledger_accounts a on a.id = l.account_id where a.user_id is not null group by a.user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.total)]));
}

describe('proof of liabilities', () => {
  it('answers 404 with a message before the first snapshot, and staff cannot publish an empty one', async () => {
    const none = await get('/api/transparency/liabilities');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'no_liabilities_snapshot', message: LIABILITIES_MSG.noSnapshot });
    const noProof = await get('/api/transparency/liabilities/proof', admin);
    expect(noProof.statusCode).toBe(404);
    expect(noProof.json()).toEqual({ code: 'no_liabilities_snapshot', message: LIABILITIES_MSG.noSnapshot });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/transparency/liabilities',
      headers: admin.headers,
    });
    expect(empty.statusCode).toBe(409);
    expect((await get('/api/transparency/liabilities/snapshots')).json()).toEqual({ snapshots: [] });
  });

  it('publishes a root whose total is the ledger’s client liabilities, audited, and every client’s proof verifies', async () => {
    clients = [];
    for (let i = 0; i < 11; i += 1)
      clients.push(await createClient(t.app, { balance: BigInt(1000 + i * 12_345) }));
    // some money held and invested, so the total is available + held + invested
    await t.database.db.transaction(async (tx) => {
      for (const [i, c] of clients.slice(0, 4).entries()) {
        await postEntry(tx, {
          type: 'adjustment',
          userId: c.id,
          memo: 'test move',
          lines: [
            { account: client(c.id, 'available'), amount: -500n },
            { account: client(c.id, i % 2 ? 'held' : 'invested'), amount: 500n },
          ],
        });
      }
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transparency/liabilities',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(201);
    const published = res.json().data;
    const ledger = await ledgerLiabilities();
    const ledgerTotal = [...ledger.values()].reduce((a, b) => a + b, 0n);
    expect(BigInt(published.totalCents)).toBe(ledgerTotal);
    expect(published.total).toBe(Number(ledgerTotal) / 100);
    expect(published.accounts).toBe(ledger.size);
    expect(published.leaves).toBe(ledger.size * LEAVES_PER_CLIENT);
    expect(published.cutSize).toBeGreaterThan(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, published.snapshotId));
    expect(audit).toMatchObject([{ action: 'liabilities.snapshot', actorId: admin.id }]);

    expect((await get('/api/transparency/liabilities')).json()).toEqual(published);
    expect((await get(`/api/transparency/liabilities?snapshot=${published.snapshotId}`)).json()).toEqual(
      published,
    );
    expect((await get('/api/transparency/liabilities/snapshots')).json()).toEqual({ snapshots: [published] });

    const indexes = new Set<number>();
    for (const c of clients) {
      const proofRes = await get('/api/transparency/liabilities/proof', c);
      expect(proofRes.statusCode).toBe(200);
      const proof = proofRes.json() as LiabilitiesProof;
      expect(proof.included).toBe(true);
      expect(proof.snapshot).toEqual(published);
      // split leaves: K of them, each the client's, summing to the client's total
      expect(proof.leaves).toHaveLength(LEAVES_PER_CLIENT);
      expect(BigInt(proof.totalAtCutCents)).toBe(ledger.get(c.id));
      expect(proof.leaves.reduce((sum, l) => sum + BigInt(l.totalCents), 0n)).toBe(ledger.get(c.id));
      expect(proof.sinceCut).toEqual([]);
      for (const lp of leafProofs(proof)) {
        expect(lp.leaf.clientId).toBe(c.id);
        expect(lp.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(published.leaves)));
        expect(independentlyVerified(lp)).toBe(true);
        expect(verifySumProof(lp.leaf, lp.path, { hash: lp.rootHash, totalCents: lp.totalCents })).toEqual({
          ok: true,
        });
        indexes.add(lp.leaf.index);
      }
    }
    expect(indexes.size).toBe(clients.length * LEAVES_PER_CLIENT);
    const [row] = await t.database.db.select().from(liabilitiesSnapshots);
    expect(await verifyLiabilitiesSnapshot(t.database.db, row!)).toBeNull();
  });

  it('a forged proof fails: altered balance, altered sibling sum, negative sibling, altered sibling hash', async () => {
    const [proof] = leafProofs(
      (await get('/api/transparency/liabilities/proof', clients[3]!)).json() as LiabilitiesProof,
    );
    if (!proof) throw new Error('no leaf');
    const forged: LeafProof[] = [
      { ...proof, leaf: { ...proof.leaf, totalCents: (BigInt(proof.leaf.totalCents) + 100n).toString() } },
      {
        ...proof,
        path: proof.path.map((s, i) => (i === 0 ? { ...s, sum: (BigInt(s.sum) + 1n).toString() } : s)),
      },
      // the balance raised by what a sibling's sum is lowered: same total, other hashes
      {
        ...proof,
        leaf: { ...proof.leaf, totalCents: (BigInt(proof.leaf.totalCents) + 50n).toString() },
        path: proof.path.map((s, i) => (i === 0 ? { ...s, sum: (BigInt(s.sum) - 50n).toString() } : s)),
      },
      { ...proof, path: proof.path.map((s, i) => (i === 1 ? { ...s, sum: `-${s.sum}` } : s)) },
      {
        ...proof,
        path: proof.path.map((s, i) =>
          i === 1 ? { ...s, hash: `${s.hash.slice(0, 63)}${s.hash.endsWith('0') ? '1' : '0'}` } : s,
        ),
      },
    ];
    for (const f of forged) {
      expect(independentlyVerified(f)).toBe(false);
      expect(verifySumProof(f.leaf, f.path, { hash: f.rootHash, totalCents: f.totalCents }).ok).toBe(false);
    }
  });

  it('a client without a ledger account is not in it (no leaves, no opening), signed out is 401, an unknown snapshot 404, a bad id 400', async () => {
    const newcomer = await createTestUser(t.app);
    const res = await get('/api/transparency/liabilities/proof', newcomer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ included: false, leaves: [], opening: null, totalAtCutCents: '0' });
    expect((await get('/api/transparency/liabilities/proof')).statusCode).toBe(401);
    expect((await get(`/api/transparency/liabilities?snapshot=${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await get('/api/transparency/liabilities?snapshot=nope')).statusCode).toBe(400);
  });

  it('a new snapshot draws fresh salts and becomes the latest; published rows cannot be changed', async () => {
    const before = (await get('/api/transparency/liabilities/proof', clients[0]!)).json() as LiabilitiesProof;
    const saltsBefore = new Set(before.leaves.map((l) => l.salt));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transparency/liabilities',
      headers: admin.headers,
    });
    const after = (await get('/api/transparency/liabilities/proof', clients[0]!)).json() as LiabilitiesProof;
    expect(after.snapshot.snapshotId).toBe(res.json().data.snapshotId);
    expect(after.leaves.some((l) => saltsBefore.has(l.salt))).toBe(false);
    for (const lp of leafProofs(after)) expect(independentlyVerified(lp)).toBe(true);
    expect((await get('/api/transparency/liabilities/snapshots')).json().snapshots).toHaveLength(2);
    for (const statement of [
      sql`update liabilities_leaves set total = total + 1`,
      sql`delete from liabilities_nodes`,
      sql`update liabilities_snapshots set total = 0`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
  });
});

describe('split leaves', () => {
  it('a sibling sum is not a balance: each total in three random parts, each a third on average', () => {
    expect(splitTotal(0n)).toEqual([0n, 0n, 0n]);
    expect(splitTotal(1n).reduce((a, b) => a + b, 0n)).toBe(1n);
    const total = 1_000_000n;
    const runs = 1_000;
    const firsts: bigint[] = [];
    for (let i = 0; i < runs; i += 1) {
      const parts = splitTotal(total);
      expect(parts).toHaveLength(LEAVES_PER_CLIENT);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
      // no part is the whole balance (the chance of one is 4 in 10^12 a run)
      expect(parts.every((p) => p >= 0n && p < total)).toBe(true);
      firsts.push(parts[0]!);
    }
    // each part is a third of the total on average (its spread is 0.24 of the total, so the mean of
    // 1,000 is within 0.05 of a third but once in more than 10^10 runs); never the same three parts
    const mean = Number(firsts.reduce((a, b) => a + b, 0n)) / runs / Number(total);
    expect(Math.abs(mean - 1 / 3)).toBeLessThan(0.05);
    expect(new Set(firsts).size).toBeGreaterThan(runs * 0.99);
  });
});
