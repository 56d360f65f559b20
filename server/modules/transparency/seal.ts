/**
 * The seal of the verifiable journal (docs/transparency.md "The verifiable journal"): appends every
 * posted journal entry not yet in the log, in posting order (created_at, id), each as a version 2
 * leaf (common/transparency/leaves.ts), with every ledger account's opening (its owner: "Ownership
 * and completeness") and every proof-of-liabilities snapshot's record ("Proof of liabilities") in
 * the same order, and signs a new tree head when it appended anything.
 * One database transaction; run by the job of server/jobs.ts
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
import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  appendLeaves,
  frontierRefs,
  type NodeRef,
  nodeLookup,
  type StoredNode,
} from '@common/transparency/merkle';
import { treeHeadSigningBytes } from '@common/transparency/journal';
import { sealedLeafHash } from '@common/transparency/leaves';
import { queryRows, type DbOrTx, type Db, type Tx } from '../../db/client';
import { transparencyLeaves, transparencyNodes, transparencyTreeHeads } from '../../db/schema';
import { accountForms, anyOf, entryForms, snapshotForms } from './leaf-forms';
import { signCheckpoint } from './checkpoint';
import type { SigningKey } from './signing-key';

/** The advisory lock key of the seal (pg_try_advisory_xact_lock). */
export const SEAL_LOCK_KEY = 726_352_019;

/** Leaves read and appended per round inside one seal (memory bound; the seal loops until done). */
export const SEAL_BATCH = 2_000;

/** The leaf version the seal writes (common/transparency/leaves.ts). */
export const SEALED_VERSION = 2;

/**
 * What a seal did: how many journal entries (`appended`) and account openings (`accounts`) it
 * appended, and the size of the tree it signed (leaves of every kind, snapshot records included;
 * 0: nothing yet).
 */
export interface SealResult {
  appended: number;
  accounts: number;
  size: number;
}

/**
 * The earliest start of any other client transaction open now, or now() if earlier (text, the
 * clock of created_at): read before a read of the journal, any entry that read cannot see belongs
 * to a transaction open then or begun later, so its created_at is at or after it (see above).
 * Issued statements keep it too (statement-service.ts).
 */
export const openTransactionsHorizon = sql<string>`least(now(), (select min(xact_start) from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend'
              and pid <> pg_backend_pid() and xact_start is not null))::text`;

/**
 * What a seal pass hands to `onSealed`, in its transaction: the head before it (size 0, scanFrom
 * null: none) and the latest head after it (the same when nothing new was sealed).
 */
export interface SealPass {
  previousSize: number;
  previousScanFrom: string | null;
  size: number;
  rootHash: string | null;
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

/**
 * Appends a round's leaves and the complete subtrees it finished, one statement per table whatever
 * their number: each column goes as one array parameter and the database unnests them (see anyOf).
 */
async function insertLeavesAndNodes(tx: DbOrTx, leaves: StoredLeaf[], nodes: StoredNode[]): Promise<void> {
  await tx.execute(sql`insert into ${transparencyLeaves} (leaf_index, entry_id, account_id, snapshot_id, version, leaf_hash)
    select i, e, a, s, ${SEALED_VERSION}, h from unnest(${sql.param(leaves.map((l) => l.leafIndex))}::bigint[],
      ${sql.param(leaves.map((l) => l.entryId))}::uuid[], ${sql.param(leaves.map((l) => l.accountId))}::uuid[],
      ${sql.param(leaves.map((l) => l.snapshotId))}::uuid[],
      ${sql.param(leaves.map((l) => l.leafHash))}::text[]) as u (i, e, a, s, h)`);
  if (!nodes.length) return;
  await tx.execute(sql`insert into ${transparencyNodes} (level, index, hash)
    select * from unnest(${sql.param(nodes.map((n) => n.level))}::int[],
      ${sql.param(nodes.map((n) => n.index))}::bigint[], ${sql.param(nodes.map((n) => n.hash))}::text[])`);
}

/** A leaf as sealed: its index in the log, its journal entry, account or snapshot, and its hash. */
interface StoredLeaf {
  leafIndex: number;
  entryId: string | null;
  accountId: string | null;
  snapshotId: string | null;
  leafHash: string;
}

/**
 * A journal entry, an account or a liabilities snapshot (with a cut) not in the log yet, with its
 * created_at as text (microseconds kept).
 */
interface Unsealed {
  leaf: 'account' | 'entry' | 'snapshot';
  id: string;
  created_at: string;
}

/** Lower bounds (created_at as text; null: none) of a round: each side's horizon, the last round's end. */
interface RoundBounds {
  entries: string | null;
  accounts: string | null;
  round: string | null;
}

/**
 * The next `batch` entries and accounts with no leaf, created at or after their bounds, in the
 * log's order: created_at, an account before the entries of the same instant (the posting that
 * opens an account uses it), id. Each side reads its (created_at, id) index from its bounds and
 * anti-joins the leaves' unique subject index.
 */
function unsealedRound(tx: DbOrTx, bounds: RoundBounds, batch: number) {
  const since = (column: string, side: string | null) => {
    const at = [side, bounds.round].filter((b): b is string => b !== null);
    return at.length
      ? sql.join(
          at.map((b) => sql`${sql.raw(column)} >= ${b}::timestamptz`),
          sql` and `,
        )
      : sql`true`;
  };
  return queryRows<Unsealed>(
    tx,
    sql`select leaf, id, created_at::text from (
          (select 'account' as leaf, a.id, a.created_at from ledger_accounts a
            where ${since('a.created_at', bounds.accounts)}
              and not exists (select 1 from transparency_leaves l where l.account_id = a.id)
            order by a.created_at, a.id limit ${batch})
          union all
          (select 'entry', e.id, e.created_at from journal_entries e
            where ${since('e.created_at', bounds.entries)}
              and not exists (select 1 from transparency_leaves l where l.entry_id = e.id)
            order by e.created_at, e.id limit ${batch})
          union all
          (select 'snapshot', s.id, s.created_at from liabilities_snapshots s
            where s.cut_size is not null and ${since('s.created_at', bounds.entries)}
              and not exists (select 1 from transparency_leaves l where l.snapshot_id = s.id)
            order by s.created_at, s.id limit ${batch})) u
        order by u.created_at, u.leaf, u.id limit ${batch}`,
  );
}

/** The leaf hashes of a round's subjects, in its order. */
async function roundHashes(tx: DbOrTx, round: Unsealed[]): Promise<string[]> {
  const ids = (leaf: Unsealed['leaf']) => round.filter((u) => u.leaf === leaf).map((u) => u.id);
  const [entries, accounts, snapshots] = await Promise.all([
    entryForms(tx, ids('entry')),
    accountForms(tx, ids('account')),
    snapshotForms(tx, ids('snapshot')),
  ]);
  return round.map((u) =>
    sealedLeafHash(
      u.leaf === 'entry'
        ? entries.get(u.id)!.v2
        : u.leaf === 'account'
          ? accounts.get(u.id)!
          : snapshots.get(u.id)!,
    ),
  );
}

/**
 * Seals the journal's new entries into the log and signs a tree head over them, in one
 * transaction. Answers `{ appended: 0, size }` when there was nothing new (no head is signed) or
 * another seal holds the lock. `batch` (tests) bounds the entries read per round. `onSealed` runs
 * last in the same transaction whenever this pass holds the lock, sealed or not (the supersession of
 * issued statements: statement-supersession.ts); what it throws rolls the seal back.
 */
export async function sealJournal(
  db: Db,
  key: SigningKey,
  opts: { batch?: number; onSealed?: (tx: Tx, pass: SealPass) => Promise<void> } = {},
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
        rootHash: transparencyTreeHeads.rootHash,
        scanFrom: sql<string>`${transparencyTreeHeads.scanFrom}::text`,
      })
      .from(transparencyTreeHeads)
      .orderBy(desc(transparencyTreeHeads.size))
      .limit(1);
    let size = head?.size ?? 0;
    if (!lock?.locked) return { appended: 0, accounts: 0, size };
    // read before the entries: any entry invisible below belongs to a transaction open now or later
    const [{ horizon }] = await queryRows<{ horizon: string }>(
      tx,
      sql`select ${openTransactionsHorizon} as horizon`,
    );
    let frontier = nodeLookup(await readNodes(tx, frontierRefs(size)));
    const from = head?.scanFrom ?? null;
    // accounts opened before the first account leaf (the cut-over to version 2) are sealed by the
    // first seal after it, whenever they were opened; from then on both sides share the horizon
    const [{ sealed: accountsSealed }] = await queryRows<{ sealed: boolean }>(
      tx,
      sql`select exists (select 1 from transparency_leaves where account_id is not null) as sealed`,
    );
    const bounds: RoundBounds = { entries: from, accounts: accountsSealed ? from : null, round: null };
    let root: string | null = null;
    let appended = 0;
    let accounts = 0;
    for (;;) {
      const unsealed = await unsealedRound(tx, bounds, batch);
      if (!unsealed.length) break;
      const hashes = await roundHashes(tx, unsealed);
      const grown = appendLeaves(size, frontier, hashes);
      const leaves = unsealed.map((u, i) => ({
        leafIndex: size + i,
        entryId: u.leaf === 'entry' ? u.id : null,
        accountId: u.leaf === 'account' ? u.id : null,
        snapshotId: u.leaf === 'snapshot' ? u.id : null,
        leafHash: hashes[i]!,
      }));
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
      const opened = leaves.filter((l) => l.accountId !== null).length;
      accounts += opened;
      appended += leaves.filter((l) => l.entryId !== null).length;
      if (unsealed.length < batch) break;
      // everything before the round's last instant is sealed now, on both sides
      bounds.round = unsealed[unsealed.length - 1]!.created_at;
    }
    const pass = (rootHash: string | null): SealPass => ({
      previousSize: head?.size ?? 0,
      previousScanFrom: head?.scanFrom ?? null,
      size,
      rootHash,
    });
    if (root === null) {
      await opts.onSealed?.(tx, pass(head?.rootHash ?? null));
      return { appended: 0, accounts: 0, size };
    }
    const timestamp = new Date().toISOString();
    await tx.insert(transparencyTreeHeads).values({
      size,
      rootHash: root,
      timestampMs: Date.parse(timestamp),
      signature: key.sign(treeHeadSigningBytes({ size, rootHash: root, timestamp })),
      publicKey: key.publicKey,
      keyFingerprint: key.fingerprint,
      checkpointSignature: signCheckpoint(key, size, root),
      scanFrom: sql`${horizon}::timestamptz` as unknown as Date,
    });
    await opts.onSealed?.(tx, pass(root));
    return { appended, accounts, size };
  });
}
