/**
 * The seal of the verifiable journal (docs/transparency.md "The verifiable journal"): appends every
 * posted journal entry not yet in the log, in posting order (created_at, id), and signs a new tree
 * head when it appended anything. One database transaction; run by the job of server/jobs.ts
 * (TRANSPARENCY_SEAL_INTERVAL_MS), beside the posting path, never on it: a posting writes nothing
 * for the log and waits on nothing the seal holds (the seal only reads the journal).
 *
 * Which entries: the log's order is the order entries become visible to the seal, which is posting
 * order except for a transaction that began earlier and committed later: its entries carry the
 * earlier `created_at` (PostgreSQL's now() is the transaction's start), so "created after the last
 * sealed entry" would miss them. Instead the seal looks for entries with no leaf yet (an anti-join
 * on the leaves' unique entry_id) created at or after a *horizon* kept with the previous tree head,
 * through the index on journal_entries (created_at, id): O(entries since the horizon), not all
 * history. The horizon is the earliest start of any client transaction still open when the seal
 * looked (pg_stat_activity.xact_start, the same clock as created_at) or the seal's own start if earlier:
 * an entry still invisible to the seal belongs to a transaction open then or begun later, so its
 * created_at is at or after the horizon and the next seal finds it. (The roles that post must be
 * visible to the seal's role in pg_stat_activity: the same role, or pg_read_all_stats.) A session
 * left idle in a transaction for hours only widens the next scans, never loses an entry. PGlite runs
 * one transaction at a time, so there the horizon is simply the seal's start. Rejected: xmin or
 * snapshot ids (32-bit, wrap around, frozen by vacuum) and a fixed look-back window (an entry in a
 * transaction open longer than the window would be lost; a wide one rescans minutes of postings).
 *
 * Two processes never seal at once: lib/periodic.ts gives each slot to one process, and the seal
 * takes a transaction-level advisory lock (a second one finds it taken and does nothing).
 */
import { type AnyColumn, and, asc, desc, eq, gte, notExists, or, sql } from 'drizzle-orm';
import {
  appendLeaves,
  frontierRefs,
  type NodeRef,
  nodeLookup,
  type StoredNode,
} from '@common/transparency/merkle';
import { type CanonicalEntry, entryLeafHash, treeHeadSigningBytes } from '@common/transparency/journal';
import { queryRows, type DbOrTx, type Db } from '../../db/client';
import {
  journalEntries,
  journalLines,
  transparencyLeaves,
  transparencyNodes,
  transparencyTreeHeads,
} from '../../db/schema';
import type { SigningKey } from './signing-key';

/** The advisory lock key of the seal (pg_try_advisory_xact_lock). */
export const SEAL_LOCK_KEY = 726_352_019;

/** Entries read and appended per round inside one seal (memory bound; the seal loops until done). */
export const SEAL_BATCH = 2_000;

/** What a seal did: how many entries it appended and the size of the tree it signed (0: nothing new). */
export interface SealResult {
  appended: number;
  size: number;
}

/**
 * `column = any(values)`, the values sent as ONE array parameter of PostgreSQL type `type`. A seal
 * names thousands of rows at once, and drizzle's `inArray` and multi-row `values` build a
 * parameter per value, which took about two fifths of the seal's own CPU (docs/performance.md
 * "The seal's CPU, and the journeys' own browsers").
 */
function anyOf(column: AnyColumn, values: unknown[], type: 'uuid[]' | 'bigint[]') {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)})`;
}

/** Reads the hashes of complete subtrees: level 0 from the leaves, higher levels from the nodes. */
export async function readNodes(db: DbOrTx, refs: NodeRef[]): Promise<StoredNode[]> {
  const leafIndexes = refs.filter((r) => r.level === 0).map((r) => r.index);
  const inner = refs.filter((r) => r.level > 0);
  const nodes: StoredNode[] = [];
  if (leafIndexes.length) {
    const rows = await db
      .select({ index: transparencyLeaves.leafIndex, hash: transparencyLeaves.leafHash })
      .from(transparencyLeaves)
      .where(anyOf(transparencyLeaves.leafIndex, leafIndexes, 'bigint[]'));
    nodes.push(...rows.map((r) => ({ level: 0, index: r.index, hash: r.hash })));
  }
  if (inner.length) {
    const rows = await db
      .select()
      .from(transparencyNodes)
      .where(
        or(
          ...inner.map((r) =>
            and(eq(transparencyNodes.level, r.level), eq(transparencyNodes.index, r.index)),
          ),
        ),
      );
    nodes.push(...rows);
  }
  return nodes;
}

/** The canonical forms of the given entries (by id), lines included. */
export async function canonicalEntries(db: DbOrTx, ids: string[]): Promise<Map<string, CanonicalEntry>> {
  const out = new Map<string, CanonicalEntry>();
  if (!ids.length) return out;
  const entries = await db
    .select({
      id: journalEntries.id,
      type: journalEntries.type,
      effectiveAt: journalEntries.effectiveAt,
      memo: journalEntries.memo,
      reverses: journalEntries.reverses,
    })
    .from(journalEntries)
    .where(anyOf(journalEntries.id, ids, 'uuid[]'));
  for (const e of entries) out.set(e.id, { ...e, effectiveAt: e.effectiveAt.toISOString(), lines: [] });
  const lines = await db
    .select({ entryId: journalLines.entryId, accountId: journalLines.accountId, amount: journalLines.amount })
    .from(journalLines)
    .where(anyOf(journalLines.entryId, ids, 'uuid[]'));
  for (const l of lines)
    out.get(l.entryId)?.lines.push({ accountId: l.accountId, amount: l.amount.toString() });
  return out;
}

/**
 * Appends a round's leaves and the complete subtrees it finished, one statement per table whatever
 * their number: each column goes as one array parameter and the database unnests them (see anyOf).
 */
async function insertLeavesAndNodes(tx: DbOrTx, leaves: StoredLeaf[], nodes: StoredNode[]): Promise<void> {
  await tx.execute(sql`insert into ${transparencyLeaves} (leaf_index, entry_id, leaf_hash)
    select * from unnest(${sql.param(leaves.map((l) => l.leafIndex))}::bigint[],
      ${sql.param(leaves.map((l) => l.entryId))}::uuid[], ${sql.param(leaves.map((l) => l.leafHash))}::text[])`);
  if (!nodes.length) return;
  await tx.execute(sql`insert into ${transparencyNodes} (level, index, hash)
    select * from unnest(${sql.param(nodes.map((n) => n.level))}::int[],
      ${sql.param(nodes.map((n) => n.index))}::bigint[], ${sql.param(nodes.map((n) => n.hash))}::text[])`);
}

/** A leaf as sealed: its index in the log, its journal entry and its hash. */
interface StoredLeaf {
  leafIndex: number;
  entryId: string;
  leafHash: string;
}

/**
 * Seals the journal's new entries into the log and signs a tree head over them, in one
 * transaction. Answers `{ appended: 0, size }` when there was nothing new (no head is signed) or
 * another seal holds the lock. `batch` (tests) bounds the entries read per round.
 */
export async function sealJournal(
  db: Db,
  key: SigningKey,
  opts: { batch?: number } = {},
): Promise<SealResult> {
  const batch = opts.batch ?? SEAL_BATCH;
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_KEY}) as locked`,
    );
    const [head] = await tx
      .select({
        size: transparencyTreeHeads.size,
        scanFrom: sql<string>`${transparencyTreeHeads.scanFrom}::text`,
      })
      .from(transparencyTreeHeads)
      .orderBy(desc(transparencyTreeHeads.size))
      .limit(1);
    let size = head?.size ?? 0;
    if (!lock?.locked) return { appended: 0, size };
    // read before the entries: any entry invisible below belongs to a transaction open now or later
    const [{ horizon }] = await queryRows<{ horizon: string }>(
      tx,
      sql`select least(now(), (select min(xact_start) from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend'
              and pid <> pg_backend_pid() and xact_start is not null))::text as horizon`,
    );
    let frontier = nodeLookup(await readNodes(tx, frontierRefs(size)));
    let from = head?.scanFrom ?? null;
    let root: string | null = null;
    let appended = 0;
    for (;;) {
      const unsealed = await tx
        .select({ id: journalEntries.id, createdAt: sql<string>`${journalEntries.createdAt}::text` })
        .from(journalEntries)
        .where(
          and(
            from === null ? undefined : gte(journalEntries.createdAt, sql`${from}::timestamptz`),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(transparencyLeaves)
                .where(eq(transparencyLeaves.entryId, journalEntries.id)),
            ),
          ),
        )
        .orderBy(asc(journalEntries.createdAt), asc(journalEntries.id))
        .limit(batch);
      if (!unsealed.length) break;
      const forms = await canonicalEntries(
        tx,
        unsealed.map((e) => e.id),
      );
      const hashes = unsealed.map((e) => entryLeafHash(forms.get(e.id)!));
      const grown = appendLeaves(size, frontier, hashes);
      const leaves = unsealed.map((e, i) => ({ leafIndex: size + i, entryId: e.id, leafHash: hashes[i] }));
      await insertLeavesAndNodes(
        tx,
        leaves,
        grown.nodes.filter((n) => n.level > 0),
      );
      const lookup = nodeLookup([...grown.nodes]);
      const before = frontier;
      frontier = nodeLookup(
        frontierRefs(grown.size).map((ref) => ({ ...ref, hash: (lookup(ref) ?? before(ref))! })),
      );
      size = grown.size;
      root = grown.root;
      appended += unsealed.length;
      if (unsealed.length < batch) break;
      from = unsealed[unsealed.length - 1].createdAt;
    }
    if (root === null) return { appended: 0, size };
    const timestamp = new Date().toISOString();
    await tx.insert(transparencyTreeHeads).values({
      size,
      rootHash: root,
      timestampMs: Date.parse(timestamp),
      signature: key.sign(treeHeadSigningBytes({ size, rootHash: root, timestamp })),
      publicKey: key.publicKey,
      keyFingerprint: key.fingerprint,
      scanFrom: sql`${horizon}::timestamptz` as unknown as Date,
    });
    return { appended, size };
  });
}
