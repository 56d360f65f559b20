/**
 * The transparency log's part of the integrity check (docs/transparency.md "Integrity checks"):
 * walks the sealed leaves in index order, recomputes each leaf hash in its own version from the
 * journal entry or the account (its opening, with its owner) as it is now (leaf-forms.ts,
 * common/transparency/leaves.ts), re-derives every complete subtree hash
 * and each signed tree head's root (common/transparency/merkle.ts); the heads' signatures are
 * checked against the configured keys by integrity-keys.ts. Answers the first divergence in words,
 * or null.
 *
 * Reads in batches of BATCH leaves (keyset on leaf_index), keeping only the tree's frontier
 * (O(log n) hashes) between batches.
 */
import { and, asc, between, eq, gte, or } from 'drizzle-orm';
import { sealedLeafHash } from '@common/transparency/leaves';
import { appendLeaves, frontierRefs, type NodeRef } from '@common/transparency/merkle';
import type { Tx } from '../../db/client';
import { transparencyLeaves, transparencyNodes, transparencyTreeHeads } from '../../db/schema';
import { currentLeaves } from './leaf-forms';

const BATCH = 1000;

type LeafRow = typeof transparencyLeaves.$inferSelect;

/**
 * The leaves recomputed in their own versions from their entries and accounts as they are now, in
 * order: the hash (hex), or undefined for a subject gone.
 */
async function recomputedLeafHashes(tx: Tx, leaves: LeafRow[]): Promise<Array<string | undefined>> {
  const now = await currentLeaves(tx, leaves);
  return now.map((leaf) => (leaf ? sealedLeafHash(leaf) : undefined));
}

/** How a leaf's subject is named in a divergence. */
const subjectOf = (leaf: LeafRow) =>
  leaf.entryId
    ? `entry ${leaf.entryId}`
    : leaf.snapshotId
      ? `liabilities snapshot ${leaf.snapshotId}`
      : `account ${leaf.accountId}`;

/** The stored subtree hashes (level ≥ 1) finished by leaves [from, to), by "level/index". */
async function storedNodesFinishedIn(tx: Tx, from: number, to: number): Promise<Map<string, string>> {
  const ranges = [];
  for (let level = 1; 2 ** level <= to; level++) {
    const first = Math.ceil((from + 1) / 2 ** level) - 1;
    const last = Math.floor(to / 2 ** level) - 1;
    if (last >= first && last >= 0) {
      ranges.push(
        and(eq(transparencyNodes.level, level), between(transparencyNodes.index, Math.max(first, 0), last)),
      );
    }
  }
  if (ranges.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(transparencyNodes)
    .where(or(...ranges));
  return new Map(rows.map((r) => [`${r.level}/${r.index}`, r.hash]));
}

/** Checks the whole log inside `tx` (a consistent snapshot); the first divergence, or null. */
export async function checkTransparencyLog(tx: Tx): Promise<string | null> {
  const heads = await tx.select().from(transparencyTreeHeads).orderBy(asc(transparencyTreeHeads.size));
  let headAt = 0;
  let size = 0;
  let frontier = new Map<string, string>();
  const key = (ref: NodeRef) => `${ref.level}/${ref.index}`;
  for (;;) {
    // a batch ends at the next tree head's size, so every head's root is checked at its own size
    const nextHead = heads[headAt];
    const limit = nextHead && nextHead.size > size ? Math.min(BATCH, nextHead.size - size) : BATCH;
    const leaves = await tx
      .select()
      .from(transparencyLeaves)
      .where(gte(transparencyLeaves.leafIndex, size))
      .orderBy(asc(transparencyLeaves.leafIndex))
      .limit(limit);
    if (leaves.length === 0) break;
    const hashes = await recomputedLeafHashes(tx, leaves);
    for (const [k, leaf] of leaves.entries()) {
      if (leaf.leafIndex !== size + k) return `the sealed log has no leaf at index ${size + k}`;
      const now = hashes[k];
      if (now === undefined)
        return `${subjectOf(leaf)}: sealed at index ${leaf.leafIndex} but missing from the ledger`;
      if (now !== leaf.leafHash) {
        if (leaf.snapshotId) {
          return `liabilities snapshot ${leaf.snapshotId}: its record differs from the one sealed at index ${leaf.leafIndex}`;
        }
        return leaf.entryId
          ? `entry ${leaf.entryId}: leaf hash differs from the sealed log at index ${leaf.leafIndex}`
          : `account ${leaf.accountId}: its owner or kind differs from its sealed opening at index ${leaf.leafIndex}`;
      }
    }
    const from = size;
    const grown = appendLeaves(
      size,
      (ref) => frontier.get(key(ref)),
      leaves.map((l) => l.leafHash),
    );
    size = grown.size;
    const stored = await storedNodesFinishedIn(tx, from, size);
    for (const node of grown.nodes) {
      if (node.level === 0) continue;
      const have = stored.get(key(node));
      if (have !== node.hash) {
        return `the log's subtree ${key(node)} (leaves ${node.index * 2 ** node.level}–${(node.index + 1) * 2 ** node.level - 1}) ${have ? 'differs from its leaves' : 'is missing'}`;
      }
    }
    const made = new Map(grown.nodes.map((n) => [key(n), n.hash]));
    frontier = new Map(
      frontierRefs(size).map((ref) => [key(ref), made.get(key(ref)) ?? frontier.get(key(ref))!]),
    );
    while (heads[headAt] && heads[headAt]!.size === size) {
      const head = heads[headAt]!;
      const timestamp = new Date(head.timestampMs).toISOString();
      if (head.rootHash !== grown.root) {
        return `the tree head of size ${head.size} (${timestamp}): its root differs from the sealed leaves`;
      }
      headAt += 1;
    }
  }
  const missing = heads[headAt];
  if (missing) return `the tree head of size ${missing.size} signs more leaves than the log holds (${size})`;
  return null;
}
