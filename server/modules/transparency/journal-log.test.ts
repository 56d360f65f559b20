/**
 * The verifiable journal on a real database: real postings sealed in batches, then every entry's
 * inclusion proof and the consistency proofs between the signed heads, read through the routes and
 * checked by the independent RFC 9162 reference (common/transparency/rfc9162-reference.ts, no code
 * shared with merkle.ts); tree head signatures checked with ed25519.verify and the published key;
 * posting order, nothing new → no new head, the append-only guards and the routes' access rules.
 * The late-committing entry and two concurrent seals need real concurrency: PostgreSQL only.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafBytes } from '@common/transparency/leaves';
import {
  referenceConsistency,
  referenceInclusion,
  referenceLeafHash,
  referenceRoot,
} from '@common/transparency/rfc9162-reference';
import type { Db } from '../../db/client';
import {
  deposits,
  journalEntries,
  journalLines,
  ledgerAccounts,
  transparencyLeaves,
  transparencyNodes,
  transparencyTreeHeads,
} from '../../db/schema';
import { createTestContext, injector, type TestContext, UNKNOWN_ID } from '../../test/app';
import { postEntry, type NewEntry } from '../ledger/service';
import { createTestUser, type TestUser } from '../../test/factories';
import { sealJournal } from './seal';
import { signingKeyFor } from './signing-key';
import { profitEntry } from '../../test/postings';

let t: TestContext;
let db: Db;
const inject = injector(() => t);
beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
});
afterAll(async () => t?.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const key = () => signingKeyFor(t.app.ctx.config);
const seal = (batch?: number) => sealJournal(db, key(), { batch });
const profit = (userId: string, cents: bigint, memo = '') => profitEntry(userId, cents, memo);
const post = (entry: NewEntry) => db.transaction((tx) => postEntry(tx, entry));
const buf = (hex: string) => Buffer.from(hex, 'hex');
/** The log's leaves of journal entry `entryId` (one once sealed, none before). */
const leavesOf = (entryId: string) =>
  db.select().from(transparencyLeaves).where(eq(transparencyLeaves.entryId, entryId));

interface Head {
  size: number;
  rootHash: string;
  timestamp: string;
  signature: string;
  publicKey: string;
  keyFingerprint: string;
}
const treeHead = async (): Promise<Head> => {
  const res = await inject('GET', '/api/transparency/tree-head');
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** What the tree head signature covers (docs/transparency.md), written out here. */
const signedBytes = (h: Head) =>
  Buffer.from(`broker-transparency-tree-head-v1\n${h.size}\n${h.rootHash}\n${h.timestamp}\n`, 'ascii');

let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
const posted: string[] = [];
const amounts = new Map<string, bigint>();
const owners = new Map<string, TestUser>();
const heads: Head[] = [];

describe('sealing real postings in batches', () => {
  it('answers 404 with a message before the first seal, and the seal of an empty journal signs nothing', async () => {
    const res = await inject('GET', '/api/transparency/tree-head');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not been sealed/);
    expect(await seal()).toEqual({ appended: 0, accounts: 0, size: 0 });
  });

  it('seals 300 postings in three seals (one in rounds of 40) and signs one head each', async () => {
    alice = await createTestUser(t.app);
    bob = await createTestUser(t.app);
    staff = await createTestUser(t.app, { role: 'finance' });
    const batches = [37, 100, 163];
    for (const [b, n] of batches.entries()) {
      for (let i = 0; i < n; i++) {
        const who = i % 3 === 0 ? bob : alice;
        const row = await post(profit(who.id, BigInt(100 + i), `batch ${b} line ${i} «ünïcode» "quoted"`));
        posted.push(row.id);
        amounts.set(row.id, BigInt(100 + i));
        owners.set(row.id, who);
      }
      const result = await seal(b === 2 ? 40 : undefined);
      // the first seal also seals the openings of alice's, bob's and the house's accounts
      expect(result).toEqual({ appended: n, accounts: b === 0 ? 3 : 0, size: posted.length + 3 });
      const head = await treeHead();
      expect(head.size).toBe(posted.length + 3);
      expect(head.publicKey).toBe(key().publicKey);
      expect(head.keyFingerprint).toBe(key().fingerprint);
      expect(ed25519.verify(buf(head.signature), signedBytes(head), buf(head.publicKey))).toBe(true);
      expect(
        ed25519.verify(
          buf(head.signature),
          signedBytes({ ...head, size: head.size - 1 }),
          buf(head.publicKey),
        ),
      ).toBe(false);
      heads.push(head);
    }
    const [{ n }] = await db.select({ n: count() }).from(transparencyTreeHeads);
    expect(n).toBe(3);
  });

  it('keeps posting order: leaves by (created_at, an account opening first, id), each opening before the entries that use it', async () => {
    const rows = await db
      .select({
        leaf: transparencyLeaves.leafIndex,
        entry: transparencyLeaves.entryId,
        account: transparencyLeaves.accountId,
        version: transparencyLeaves.version,
        at: sql<string>`coalesce(${journalEntries.createdAt}, ${ledgerAccounts.createdAt})::text`,
      })
      .from(transparencyLeaves)
      .leftJoin(journalEntries, eq(journalEntries.id, transparencyLeaves.entryId))
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, transparencyLeaves.accountId))
      .orderBy(asc(transparencyLeaves.leafIndex));
    expect(rows.map((r) => r.leaf)).toEqual(rows.map((_, i) => i));
    expect(rows.every((r) => r.version === 2)).toBe(true);
    const key = (r: (typeof rows)[number]) =>
      [Date.parse(r.at), r.account ? 0 : 1, r.entry ?? r.account] as const;
    const sorted = [...rows].sort((x, y) => {
      const [a, b] = [key(x), key(y)];
      return a[0] - b[0] || a[1] - b[1] || (a[2]! < b[2]! ? -1 : 1);
    });
    expect(sorted.map((r) => r.leaf)).toEqual(rows.map((r) => r.leaf));
    expect(new Set(rows.flatMap((r) => (r.entry ? [r.entry] : [])))).toEqual(new Set(posted));
    expect(rows.filter((r) => r.account).length).toBe(3);
    const uses = await db
      .select({ account: journalLines.accountId, leaf: transparencyLeaves.leafIndex })
      .from(journalLines)
      .innerJoin(transparencyLeaves, eq(transparencyLeaves.entryId, journalLines.entryId));
    const opening = new Map(rows.filter((r) => r.account).map((r) => [r.account!, r.leaf]));
    for (const use of uses) expect(opening.get(use.account)!).toBeLessThan(use.leaf);
  });

  it("proves every entry's inclusion through the route, checked by the reference, with the entry's own bytes", async () => {
    const latest = heads[heads.length - 1];
    const leaves: Buffer[] = [];
    for (const id of posted) {
      const res = await inject('GET', `/api/transparency/inclusion/${id}`, owners.get(id)!.headers);
      expect(res.statusCode).toBe(200);
      const proof = res.json();
      expect(proof.treeSize).toBe(latest.size);
      expect(proof.entry.id).toBe(id);
      // the leaf is the hash of the entry as the answer shows it, a version 2 leaf with its owners
      expect(proof.entry).toMatchObject({
        v: 2,
        leaf: 'entry',
        client: owners.get(id)!.id,
        requestedAt: null,
      });
      expect(proof.entry.lines.filter((l: { owner: string | null }) => l.owner !== null)).toEqual([
        expect.objectContaining({ owner: owners.get(id)!.id, kind: 'available' }),
      ]);
      const leaf = referenceLeafHash(Buffer.from(leafBytes(proof.entry)));
      expect(leaf.toString('hex')).toBe(proof.leafHash);
      const cents = amounts.get(id)!;
      expect(new Set(proof.entry.lines.map((l: { amount: string }) => BigInt(l.amount)))).toEqual(
        new Set([cents, -cents]),
      );
      const path = (proof.auditPath as string[]).map(buf);
      expect(referenceInclusion(proof.leafIndex, proof.treeSize, leaf, path, buf(latest.rootHash))).toBe(
        true,
      );
      leaves[proof.leafIndex] = leaf;
    }
    // the account openings, written out here as docs/transparency.md gives them
    const accounts = await db
      .select({ leaf: transparencyLeaves.leafIndex, a: ledgerAccounts })
      .from(transparencyLeaves)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, transparencyLeaves.accountId));
    for (const { leaf, a } of accounts) {
      const text = `{"v":2,"leaf":"account","id":"${a.id}","kind":"${a.kind}","owner":${a.userId ? `"${a.userId}"` : 'null'},"openedAt":"${a.createdAt.toISOString()}"}`;
      leaves[leaf] = referenceLeafHash(Buffer.from(text, 'utf8'));
    }
    // the signed roots are the RFC tree hash of the leaves, each head over its prefix
    for (const head of heads)
      expect(referenceRoot(leaves.slice(0, head.size)).toString('hex')).toBe(head.rootHash);
  });

  it('proves inclusion in an earlier head with ?treeSize, and says when the entry came after it', async () => {
    const first = heads[0];
    const alices = posted.filter((id) => owners.get(id) === alice);
    const early = await inject(
      'GET',
      `/api/transparency/inclusion/${alices[1]}?treeSize=${first.size}`,
      alice.headers,
    );
    expect(early.statusCode).toBe(200);
    const p = early.json();
    expect(
      referenceInclusion(p.leafIndex, first.size, buf(p.leafHash), p.auditPath.map(buf), buf(first.rootHash)),
    ).toBe(true);
    const late = await inject(
      'GET',
      `/api/transparency/inclusion/${alices[alices.length - 1]}?treeSize=${first.size}`,
      alice.headers,
    );
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toMatch(/sealed after that tree head/);
    const notAHead = await inject(
      'GET',
      `/api/transparency/inclusion/${alices[1]}?treeSize=${first.size + 1}`,
      alice.headers,
    );
    expect(notAHead.statusCode).toBe(400);
  });

  it('proves consistency between every pair of signed heads through the route, checked by the reference', async () => {
    for (const a of heads) {
      for (const b of heads) {
        const res = await inject('GET', `/api/transparency/consistency?from=${a.size}&to=${b.size}`);
        if (a.size > b.size) {
          expect(res.statusCode).toBe(400);
          continue;
        }
        expect(res.statusCode).toBe(200);
        const { proof } = res.json();
        if (a.size === b.size) expect(proof).toEqual([]);
        else
          expect(referenceConsistency(a.size, b.size, buf(a.rootHash), buf(b.rootHash), proof.map(buf))).toBe(
            true,
          );
      }
    }
  });

  it('answers 400 with a message for sizes that are not signed heads or not sizes', async () => {
    for (const q of [
      'from=1&to=2',
      `from=0&to=${heads[0].size}`,
      'from=x&to=3',
      'to=3',
      `from=${heads[0].size}&to=99999`,
    ]) {
      const res = await inject('GET', `/api/transparency/consistency?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
  });

  it('signs no new head when nothing new was posted', async () => {
    expect(await seal()).toEqual({ appended: 0, accounts: 0, size: posted.length + 3 });
    expect(await seal()).toEqual({ appended: 0, accounts: 0, size: posted.length + 3 });
    const [{ n }] = await db.select({ n: count() }).from(transparencyTreeHeads);
    expect(n).toBe(3);
    expect((await treeHead()).size).toBe(posted.length + 3);
  });
});

describe('who may read an inclusion proof', () => {
  it("the entry's client and staff; another client and an unknown id get the same 404; signed out 401", async () => {
    const bobs = posted.find((id) => owners.get(id) === bob)!;
    expect((await inject('GET', `/api/transparency/inclusion/${bobs}`, bob.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/api/transparency/inclusion/${bobs}`, staff.headers)).statusCode).toBe(200);
    const other = await inject('GET', `/api/transparency/inclusion/${bobs}`, alice.headers);
    const unknown = await inject('GET', `/api/transparency/inclusion/${UNKNOWN_ID}`, alice.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await inject('GET', `/api/transparency/inclusion/${bobs}`)).statusCode).toBe(401);
    expect((await inject('GET', '/api/transparency/inclusion/not-a-uuid', bob.headers)).statusCode).toBe(400);
  });

  it('a deposit id (a history line) proves its sealed entry; not sealed yet is 404 with a message', async () => {
    const [deposit] = await db
      .insert(deposits)
      .values({
        userId: alice.id,
        amount: 50_00n,
        wallet: 'bitcoin',
        proofKey: 'proofs/x.png',
        status: 'approved',
      })
      .returning();
    const entry = await post({ ...profit(alice.id, 50_00n), type: 'deposit', depositId: deposit.id });
    const before = await inject('GET', `/api/transparency/inclusion/${deposit.id}`, alice.headers);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toMatch(/not sealed/);
    await seal();
    posted.push(entry.id);
    const after = await inject('GET', `/api/transparency/inclusion/${deposit.id}`, alice.headers);
    expect(after.statusCode).toBe(200);
    expect(after.json().entry.id).toBe(entry.id);
    expect((await inject('GET', `/api/transparency/inclusion/${deposit.id}`, bob.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of leaves, subtree hashes and tree heads', async () => {
    const refused = async (q: ReturnType<typeof sql>) =>
      expect(db.execute(q)).rejects.toThrow(
        expect.objectContaining({ message: expect.stringMatching(/Failed query/) }),
      );
    for (const table of ['transparency_leaves', 'transparency_nodes', 'transparency_tree_heads']) {
      const name = sql.raw(table);
      await refused(sql`delete from ${name}`);
      await refused(sql`truncate ${name}`);
    }
    await refused(sql`update transparency_leaves set leaf_hash = leaf_hash`);
    await refused(sql`update transparency_nodes set hash = hash`);
    await refused(sql`update transparency_tree_heads set root_hash = root_hash`);
    const [{ n }] = await db.select({ n: count() }).from(transparencyNodes);
    expect(n).toBeGreaterThan(0);
  });
});

describe.runIf(onPostgres)('concurrency (PostgreSQL)', () => {
  it('seals an entry whose transaction began earlier but committed after a later one was sealed', async () => {
    const [carol, dave] = [await createTestUser(t.app), await createTestUser(t.app)];
    // their accounts and the house's exist first: T2 must not wait on T1's insert of one
    for (const u of [carol, dave]) await post(profit(u.id, 1n));
    await seal();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inside = new Promise<void>((r) => (started = r));
    // T1 begins first (its created_at is its start), posts, and stays open
    const early = db.transaction(async (tx) => {
      const row = await postEntry(tx, profit(carol.id, 1_11n, 'begun early, committed late'));
      started();
      await gate;
      return row;
    });
    await inside;
    await new Promise((r) => setTimeout(r, 20));
    const later = await post(profit(dave.id, 2_22n, 'begun later, committed first'));
    const first = await seal();
    expect(first.appended).toBe(1);
    const [laterLeaf] = await leavesOf(later.id);
    expect(laterLeaf).toBeDefined();
    release();
    const earlyRow = await early;
    const [rows] = await db
      .select({ early: journalEntries.createdAt })
      .from(journalEntries)
      .where(eq(journalEntries.id, earlyRow.id));
    expect(rows.early.getTime()).toBeLessThan(later.createdAt.getTime());
    const second = await seal();
    expect(second.appended).toBe(1);
    const [earlyLeaf] = await leavesOf(earlyRow.id);
    expect(earlyLeaf.leafIndex).toBe(laterLeaf.leafIndex + 1);
    const proof = await inject('GET', `/api/transparency/inclusion/${earlyRow.id}`, carol.headers);
    const head = await treeHead();
    const p = proof.json();
    expect(
      referenceInclusion(p.leafIndex, p.treeSize, buf(p.leafHash), p.auditPath.map(buf), buf(head.rootHash)),
    ).toBe(true);
  });

  it('two seals at once append each entry once (the advisory lock lets one work)', async () => {
    const erin = await createTestUser(t.app);
    for (let i = 0; i < 30; i++) await post(profit(erin.id, BigInt(i + 1)));
    const results = await Promise.all([seal(), seal(), seal()]);
    expect(results.reduce((n, r) => n + r.appended, 0)).toBe(30);
    const [{ leaves }] = await db
      .select({ leaves: count(transparencyLeaves.entryId) })
      .from(transparencyLeaves);
    const [{ entries }] = await db.select({ entries: count() }).from(journalEntries);
    expect(leaves).toBe(entries);
    expect((await seal()).appended).toBe(0);
  });
});
