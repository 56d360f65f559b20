/**
 * The verifiable journal's reads (docs/transparency.md "The verifiable journal"): the signed tree
 * heads, an entry's inclusion proof and the consistency proof between two heads, built from the
 * stored subtree hashes (O(log n) rows per proof: common/transparency/merkle.ts).
 *
 * Errors (AppError): NOT_FOUND when no head is signed yet, when the entry is not sealed (or not
 * sealed within the asked head), or is another client's (the same answer: existence never leaks),
 * and with its own message when an entry of it was posted before the latest head's horizon yet has
 * no leaf (it was left out of the log);
 * BAD_REQUEST for a size that is not a signed head's, or from > to.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ConsistencyAnswer, InclusionAnswer, TreeHeadAnswer } from '@common/schemas/transparency-log';
import {
  consistencyRanges,
  inclusionRanges,
  nodeLookup,
  proofHashes,
  refsOf,
} from '@common/transparency/merkle';
import type { SealedEntry } from '@common/transparency/leaves';
import type { DbOrTx } from '../../db/client';
import { journalEntries, transparencyLeaves, transparencyTreeHeads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { currentLeaves } from './leaf-forms';
import { readNodes } from './seal';

type TreeHeadRow = typeof transparencyTreeHeads.$inferSelect;

/** Whose entries a caller may see a proof of: one client's, or (staff) everyone's. */
export type EntryScope = { userId: string } | 'all';

/** A signed tree head as published. */
export function presentTreeHead(row: TreeHeadRow): TreeHeadAnswer {
  return {
    size: row.size,
    rootHash: row.rootHash,
    timestamp: new Date(row.timestampMs).toISOString(),
    signature: row.signature,
    publicKey: row.publicKey,
    keyFingerprint: row.keyFingerprint,
  };
}

/** The latest signed tree head, or null before the first seal. */
export async function latestTreeHead(db: DbOrTx): Promise<TreeHeadRow | null> {
  const [row] = await db
    .select()
    .from(transparencyTreeHeads)
    .orderBy(desc(transparencyTreeHeads.size))
    .limit(1);
  return row ?? null;
}

/** The signed tree head of `size` leaves; BAD_REQUEST when none was signed at that size. */
async function treeHeadOfSize(db: DbOrTx, size: number): Promise<TreeHeadRow> {
  const [row] = await db.select().from(transparencyTreeHeads).where(eq(transparencyTreeHeads.size, size));
  if (!row) throw new AppError('no_such_tree_head');
  return row;
}

/**
 * The inclusion proof of an entry in the latest signed tree head, or in the head of `treeSize`.
 * `id` names a journal entry, or a deposit or withdrawal (a history line's id): then the latest of
 * its sealed entries within the head is proven (the answer's `entry.id` says which).
 */
export async function inclusionProof(
  db: DbOrTx,
  scope: EntryScope,
  id: string,
  treeSize?: number,
): Promise<InclusionAnswer> {
  const head = treeSize === undefined ? await latestTreeHead(db) : await treeHeadOfSize(db, treeSize);
  if (!head) throw new AppError('entry_not_sealed');
  // the entry, or a funding request's entries (a few rows by their indexes), with their leaves if
  // any: no ORDER BY over the leaves, which PostgreSQL would answer by walking the whole log backwards
  const named = await db
    .select({
      entryId: journalEntries.id,
      leafIndex: transparencyLeaves.leafIndex,
      leafHash: transparencyLeaves.leafHash,
      version: transparencyLeaves.version,
      // posted before the latest head's horizon: the seal has seen it (docs/transparency.md "Ownership and completeness")
      pastHorizon: sql<boolean>`${journalEntries.createdAt} < (select h.scan_from from ${transparencyTreeHeads} h
        order by h.size desc limit 1)`,
    })
    .from(journalEntries)
    .leftJoin(transparencyLeaves, eq(transparencyLeaves.entryId, journalEntries.id))
    .where(
      and(
        or(eq(journalEntries.id, id), eq(journalEntries.depositId, id), eq(journalEntries.withdrawalId, id)),
        scope === 'all' ? undefined : eq(journalEntries.userId, scope.userId),
      ),
    );
  if (named.some((e) => e.leafIndex === null && e.pastHorizon)) throw new AppError('entry_left_out');
  const leaf = named
    .filter((e) => e.leafIndex !== null && e.leafIndex < head.size)
    .reduce<(typeof named)[number] | undefined>(
      (a, b) => (a && a.leafIndex! > b.leafIndex! ? a : b),
      undefined,
    );
  if (!leaf) throw new AppError(treeSize === undefined ? 'entry_not_sealed' : 'entry_after_head');
  const ranges = inclusionRanges(leaf.leafIndex!, head.size);
  const subject = { version: leaf.version!, entryId: leaf.entryId, accountId: null };
  const [nodes, [entry]] = await Promise.all([readNodes(db, refsOf(ranges)), currentLeaves(db, [subject])]);
  return {
    leafIndex: leaf.leafIndex!,
    leafHash: leaf.leafHash!,
    auditPath: proofHashes(ranges, nodeLookup(nodes)),
    treeSize: head.size,
    entry: entry as SealedEntry,
  };
}

/** The consistency proof between the signed heads of `from` and `to` leaves (from ≤ to). */
export async function consistencyProof(db: DbOrTx, from: number, to: number): Promise<ConsistencyAnswer> {
  if (from > to) throw new AppError('bad_tree_sizes');
  const heads = await db
    .select({ size: transparencyTreeHeads.size })
    .from(transparencyTreeHeads)
    .where(inArray(transparencyTreeHeads.size, [from, to]));
  if (heads.length !== new Set([from, to]).size) throw new AppError('no_such_tree_head');
  const ranges = consistencyRanges(from, to);
  const nodes = await readNodes(db, refsOf(ranges));
  return { from, to, proof: proofHashes(ranges, nodeLookup(nodes)) };
}
