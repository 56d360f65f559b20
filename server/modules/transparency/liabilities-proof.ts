/**
 * A client's proof of liabilities (docs/transparency.md "Proof of liabilities"), the answer of
 * GET /api/transparency/liabilities/proof (common/schemas/liabilities.ts `liabilitiesProofSchema`):
 * the latest snapshot, the client's leaves with their paths to its root, the journal entries that
 * changed the client's total since its cut, and inclusion proofs in the journal's log (the
 * snapshot's sealed record, each of those entries sealed since the cut, or, when the client has no
 * leaf, the opening of the client's first account), all under one signed tree head.
 *
 * Reads: O(K·log n) tree nodes in one query, the client's lines since the cut, O(log size) log
 * nodes per inclusion proof in one query. Errors (AppError): BAD_REQUEST for a `treeSize` that is
 * no signed head's.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { LiabilitiesProof } from '@common/schemas/liabilities';
import type { AccountLeaf, SealedEntry } from '@common/transparency/leaves';
import {
  inclusionRanges,
  type LeafRange,
  nodeLookup,
  proofHashes,
  refsOf,
} from '@common/transparency/merkle';
import { sumProofPositions } from '@common/transparency/sum-tree';
import { queryRows, type Db } from '../../db/client';
import {
  liabilitiesLeaves,
  liabilitiesNodes,
  transparencyLeaves,
  transparencyTreeHeads,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { centsToUsd } from '../../lib/money';
import { currentLeaves } from './leaf-forms';
import { findLiabilitiesSnapshot, presentSnapshot } from './liabilities';
import { readNodes } from './seal';

type SnapshotRow = NonNullable<Awaited<ReturnType<typeof findLiabilitiesSnapshot>>>;

/** The audit paths of leaves `indexes` in the tree of `size` leaves, in one read of the log's nodes. */
async function auditPaths(db: Db, indexes: number[], size: number): Promise<string[][]> {
  const ranges: LeafRange[][] = indexes.map((i) => inclusionRanges(i, size));
  const nodes = await readNodes(db, refsOf(ranges.flat()));
  const lookup = nodeLookup(nodes);
  return ranges.map((r) => proofHashes(r, lookup));
}

/** The size of the signed head `treeSize`, or of the latest (null before the first seal). */
async function headSize(db: Db, treeSize: number | undefined): Promise<number | null> {
  const [head] = await db
    .select({ size: transparencyTreeHeads.size })
    .from(transparencyTreeHeads)
    .where(treeSize === undefined ? undefined : eq(transparencyTreeHeads.size, treeSize))
    .orderBy(desc(transparencyTreeHeads.size))
    .limit(1);
  if (!head && treeSize !== undefined) throw new AppError('no_such_tree_size');
  return head?.size ?? null;
}

/** The client's leaves in the snapshot, each with its path to the root (one read of the nodes). */
async function clientLeaves(
  db: Db,
  snapshot: SnapshotRow,
  userId: string,
): Promise<LiabilitiesProof['leaves']> {
  const leaves = await db
    .select()
    .from(liabilitiesLeaves)
    .where(and(eq(liabilitiesLeaves.snapshotId, snapshot.id), eq(liabilitiesLeaves.userId, userId)))
    .orderBy(asc(liabilitiesLeaves.leafIndex));
  if (!leaves.length) return [];
  const count = snapshot.leaves ?? snapshot.accounts;
  const positions = leaves.map((l) => sumProofPositions(count, l.leafIndex));
  const wanted = [...new Map(positions.flat().map((p) => [`${p.level}:${p.index}`, p])).values()];
  const nodes = wanted.length
    ? await db
        .select()
        .from(liabilitiesNodes)
        .where(
          and(
            eq(liabilitiesNodes.snapshotId, snapshot.id),
            sql`(${liabilitiesNodes.level}, ${liabilitiesNodes.index}) in (${sql.join(
              wanted.map((p) => sql`(${p.level}, ${p.index})`),
              sql`, `,
            )})`,
          ),
        )
    : [];
  const byPosition = new Map(nodes.map((n) => [`${n.level}:${n.index}`, n]));
  return leaves.map((leaf, k) => ({
    index: leaf.leafIndex,
    clientId: leaf.userId,
    salt: leaf.salt,
    total: centsToUsd(leaf.total),
    totalCents: leaf.total.toString(),
    path: positions[k]!.map((p) => {
      const node = byPosition.get(`${p.level}:${p.index}`);
      if (!node)
        throw new Error(`liabilities snapshot ${snapshot.id}: node ${p.level}:${p.index} is missing`);
      return { side: p.side, hash: node.hash, sum: node.sum.toString() };
    }),
  }));
}

/**
 * The client's journal entries outside the cut's prefix (sealed at or after it, or not yet), with
 * the change of the client's total (its lines on the client's accounts; entries that change nothing
 * are left out), and for those sealed within `size`, their proofs. Posting order.
 */
async function sinceCut(
  db: Db,
  userId: string,
  cut: number,
  size: number | null,
): Promise<LiabilitiesProof['sinceCut']> {
  const rows = await queryRows<{
    entry_id: string;
    change: string;
    leaf_index: string | number | null;
    version: number | null;
  }>(
    db,
    sql`select l.entry_id, sum(l.amount)::text as change, tl.leaf_index, tl.version
          from journal_lines l
          join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId}
          join journal_entries e on e.id = l.entry_id
          left join transparency_leaves tl on tl.entry_id = l.entry_id
         where tl.leaf_index is null or tl.leaf_index >= ${cut}
         group by l.entry_id, e.created_at, tl.leaf_index, tl.version
        having sum(l.amount) <> 0
         order by e.created_at, l.entry_id`,
  );
  const within = rows.filter((r) => r.leaf_index !== null && size !== null && Number(r.leaf_index) < size);
  const [paths, entries] = await Promise.all([
    size === null
      ? []
      : auditPaths(
          db,
          within.map((r) => Number(r.leaf_index)),
          size,
        ),
    currentLeaves(
      db,
      within.map((r) => ({ version: r.version!, entryId: r.entry_id, accountId: null })),
    ),
  ]);
  const proven = new Map(
    within.map((r, k) => [r.entry_id, { auditPath: paths[k]!, entry: entries[k] as SealedEntry }]),
  );
  return rows.map((r) => ({
    entryId: r.entry_id,
    changeCents: r.change,
    change: centsToUsd(BigInt(r.change)),
    leafIndex: r.leaf_index === null ? null : Number(r.leaf_index),
    auditPath: proven.get(r.entry_id)?.auditPath ?? null,
    entry: proven.get(r.entry_id)?.entry ?? null,
  }));
}

/** The sealed opening of the client's first account within `size`, with its proof; null if none. */
async function firstOpening(
  db: Db,
  userId: string,
  size: number | null,
): Promise<LiabilitiesProof['opening']> {
  if (size === null) return null;
  const [row] = await queryRows<{ leaf_index: string | number; account_id: string }>(
    db,
    sql`select tl.leaf_index, tl.account_id from transparency_leaves tl
          join ledger_accounts a on a.id = tl.account_id and a.user_id = ${userId}
         where tl.leaf_index < ${size} order by tl.leaf_index limit 1`,
  );
  if (!row) return null;
  const leafIndex = Number(row.leaf_index);
  const [[auditPath], [account]] = await Promise.all([
    auditPaths(db, [leafIndex], size),
    currentLeaves(db, [{ version: 2, entryId: null, accountId: row.account_id }]),
  ]);
  return { leafIndex, auditPath: auditPath!, account: account as AccountLeaf };
}

/**
 * The proof of `userId` in the latest snapshot (see the header), its log proofs under the signed
 * head of `treeSize` (default: the latest). Null when no snapshot is published yet.
 */
export async function liabilitiesProof(
  db: Db,
  userId: string,
  treeSize?: number,
): Promise<LiabilitiesProof | null> {
  const snapshot = await findLiabilitiesSnapshot(db);
  if (!snapshot) return null;
  const size = await headSize(db, treeSize);
  const [sealed] = await db
    .select({ leafIndex: transparencyLeaves.leafIndex })
    .from(transparencyLeaves)
    .where(eq(transparencyLeaves.snapshotId, snapshot.id));
  const sealWithin = sealed && size !== null && sealed.leafIndex < size ? sealed.leafIndex : null;
  const [leaves, sealPath] = await Promise.all([
    clientLeaves(db, snapshot, userId),
    sealWithin === null ? [] : auditPaths(db, [sealWithin], size!),
  ]);
  const total = leaves.reduce((sum, l) => sum + BigInt(l.totalCents), 0n);
  const included = leaves.length > 0;
  return {
    included,
    snapshot: presentSnapshot(snapshot),
    treeSize: size,
    snapshotSeal: sealWithin === null ? null : { leafIndex: sealWithin, auditPath: sealPath[0]! },
    leaves,
    totalAtCut: centsToUsd(total),
    totalAtCutCents: total.toString(),
    sinceCut: snapshot.cutSize !== null ? await sinceCut(db, userId, snapshot.cutSize, size) : [],
    opening: included ? null : await firstOpening(db, userId, size),
  };
}
