/**
 * The proof-of-liabilities part of the integrity check (docs/transparency.md "Integrity checks",
 * "Proof of liabilities"). For each snapshot:
 *
 * 1. the tree rebuilt from its stored leaves gives the published root hash, total and leaf count,
 *    and every stored node;
 * 2. for a snapshot with a cut (version 2): every client's total recomputed from the ledger at the
 *    cut (liabilities.ts `totalsAtCut`, the lines of the entries sealed below it) equals the sum of
 *    that client's leaves; no client with an account opened below the cut is missing; no leaf
 *    belongs to anyone else; the published client count is theirs; and its record, once sealed,
 *    comes after the cut (that it is the same record is the log walk's job, integrity-log.ts).
 *
 * Snapshots without a cut (version 1, taken from cached balances) are only rebuilt (1.): nothing
 * fixes the moment their balances were read, so they cannot be recomputed.
 * Answers the first difference in words, or null.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { bytesToHex } from '@noble/hashes/utils.js';
import { buildSumTree, sumTreeRoot, type SumTree } from '@common/transparency/sum-tree';
import type { DbOrTx } from '../../db/client';
import {
  liabilitiesLeaves,
  liabilitiesNodes,
  liabilitiesSnapshots,
  transparencyLeaves,
} from '../../db/schema';
import { totalsAtCut } from './liabilities';

type SnapshotRow = typeof liabilitiesSnapshots.$inferSelect;
type LeafRow = typeof liabilitiesLeaves.$inferSelect;

const nameOf = (row: SnapshotRow) => `liabilities snapshot ${row.id} (${row.takenAt.toISOString()})`;

/** The tree of `leaves`, or the reason it cannot be built. */
function treeOf(leaves: LeafRow[]): SumTree | string {
  try {
    return buildSumTree(
      leaves.map((l) => ({
        clientId: l.userId,
        salt: Uint8Array.from(Buffer.from(l.salt, 'hex')),
        totalCents: l.total,
      })),
    );
  } catch (error) {
    return error instanceof Error ? error.message : 'its leaves do not build a tree';
  }
}

/** Checks 1. of the header: the stored tree against its leaves and the published root. */
async function checkRebuilt(db: DbOrTx, row: SnapshotRow, leaves: LeafRow[]): Promise<string | null> {
  const name = nameOf(row);
  const count = row.leaves ?? row.accounts;
  if (leaves.length !== count || leaves.some((l, i) => l.leafIndex !== i)) {
    return `${name}: ${leaves.length} leaves stored for ${count} leaves published`;
  }
  const tree = treeOf(leaves);
  if (typeof tree === 'string') return `${name}: ${tree}`;
  const root = sumTreeRoot(tree);
  if (bytesToHex(root.hash) !== row.rootHash || root.sum !== row.total) {
    return `${name}: its leaves rebuild root ${bytesToHex(root.hash).slice(0, 12)}… of ${root.sum} cents, published ${row.rootHash.slice(0, 12)}… of ${row.total} cents`;
  }
  const stored = await db
    .select()
    .from(liabilitiesNodes)
    .where(eq(liabilitiesNodes.snapshotId, row.id))
    .orderBy(asc(liabilitiesNodes.level), asc(liabilitiesNodes.index));
  const expected = tree.levels.flatMap((nodes, level) => nodes.map((n, index) => ({ level, index, n })));
  if (stored.length !== expected.length) {
    return `${name}: ${stored.length} tree nodes stored, ${expected.length} expected`;
  }
  for (const [k, e] of expected.entries()) {
    const s = stored[k]!;
    if (s.level !== e.level || s.index !== e.index || s.hash !== bytesToHex(e.n.hash) || s.sum !== e.n.sum) {
      return `${name}: tree node ${e.level}:${e.index} differs from its leaves`;
    }
  }
  return null;
}

/** Checks 2. of the header: the leaves against the ledger at the snapshot's cut. */
async function checkAtCut(
  db: DbOrTx,
  row: SnapshotRow,
  cut: number,
  leaves: LeafRow[],
): Promise<string | null> {
  const name = nameOf(row);
  const ledger = new Map((await totalsAtCut(db, cut)).map((r) => [r.user_id, BigInt(r.total)]));
  const published = new Map<string, bigint>();
  for (const l of leaves) published.set(l.userId, (published.get(l.userId) ?? 0n) + l.total);
  for (const [client, total] of ledger) {
    const got = published.get(client);
    if (got === undefined) {
      return `${name}: client ${client} had an account before its cut (log size ${cut}) and is missing from it`;
    }
    if (got !== total) {
      return `${name}: client ${client}'s leaves sum to ${got} cents, the ledger at its cut (log size ${cut}) says ${total} cents`;
    }
  }
  for (const client of published.keys()) {
    if (!ledger.has(client))
      return `${name}: it has leaves of ${client}, who had no client account before its cut`;
  }
  if (row.accounts !== ledger.size) {
    return `${name}: ${row.accounts} clients published, ${ledger.size} at its cut`;
  }
  const [sealed] = await db
    .select({ leafIndex: transparencyLeaves.leafIndex })
    .from(transparencyLeaves)
    .where(eq(transparencyLeaves.snapshotId, row.id));
  if (sealed && sealed.leafIndex < cut) {
    return `${name}: its record is sealed at index ${sealed.leafIndex}, inside its own cut (log size ${cut})`;
  }
  return null;
}

/**
 * Checks snapshot `row` (see the header) inside `db` (the check's read-only transaction); the first
 * difference in words, or null.
 */
export async function verifyLiabilitiesSnapshot(db: DbOrTx, row: SnapshotRow): Promise<string | null> {
  const leaves = await db
    .select()
    .from(liabilitiesLeaves)
    .where(eq(liabilitiesLeaves.snapshotId, row.id))
    .orderBy(asc(liabilitiesLeaves.leafIndex));
  return (
    (await checkRebuilt(db, row, leaves)) ??
    (row.cutSize === null ? null : await checkAtCut(db, row, row.cutSize, leaves))
  );
}

/**
 * How many snapshots have no cut (version 1: taken from cached balances): the integrity check
 * rebuilds them from their leaves but cannot recompute them from the ledger, and says so.
 */
export async function uncutSnapshotCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(liabilitiesSnapshots)
    .where(isNull(liabilitiesSnapshots.cutSize));
  return Number(row?.n ?? 0);
}
