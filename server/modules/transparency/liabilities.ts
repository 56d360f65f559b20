/**
 * Proof of liabilities (docs/transparency.md "Proof of liabilities"): a snapshot of every client's
 * total (available + held + invested: the cached balances of their ledger accounts, cents) as a
 * Merkle sum tree (common/transparency/sum-tree.ts), published as its root (hash, total, accounts).
 *
 * - `takeLiabilitiesSnapshot`: reads every client's total in ONE statement (one consistent view of
 *   the ledger), shuffles the clients (a sibling's sum is some other client's total; a random order
 *   keeps it from naming whose), draws a fresh random 32-byte salt per client, builds the tree and
 *   stores the snapshot, its leaves and every node (2n − 1 rows and the carried copies) in one
 *   transaction, with the staff member's audit row when one asked.
 * - `findLiabilitiesSnapshot` / `recentLiabilitiesSnapshots`: the published roots.
 * - `liabilitiesProof`: a client's leaf and the siblings on its path, O(log n) node rows in one read.
 * - `verifyLiabilitiesSnapshot`: rebuilds a stored snapshot from its leaves (integrity check).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { LiabilitiesProof, LiabilitiesSnapshot } from '@common/schemas/liabilities';
import { snapshotSigningBytes } from '@common/transparency/signing-contexts';
import { buildSumTree, type SumLeaf, sumProofPositions, sumTreeRoot } from '@common/transparency/sum-tree';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { liabilitiesLeaves, liabilitiesNodes, liabilitiesSnapshots } from '../../db/schema';
import { type AuditActor, recordAudit } from '../../lib/audit';
import { centsToUsd } from '../../lib/money';
import type { SigningKey } from './signing-key';

/** Rows per INSERT (5 parameters each: far below PostgreSQL's 65,535). */
const BATCH = 2000;

type SnapshotRow = typeof liabilitiesSnapshots.$inferSelect;

/** A snapshot row as the API publishes it. */
export function presentSnapshot(row: SnapshotRow): LiabilitiesSnapshot {
  return {
    snapshotId: row.id,
    snapshotAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    total: centsToUsd(row.total),
    totalCents: row.total.toString(),
    accounts: row.accounts,
    signature: row.signature,
  };
}

/** The clients in a random order (Fisher–Yates with crypto randomness). */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Takes and stores a snapshot; answers it, or null when no client has a ledger account yet.
 * `actor`: the staff member who asked (audited, `liabilities.snapshot`), null for the schedule.
 * `key` signs the snapshot (snapshotSigningBytes: id, time, root, total, accounts).
 * Throws SumTreeError should a cached balance be negative (the database's CHECK forbids it).
 */
export async function takeLiabilitiesSnapshot(
  db: Db,
  actor: AuditActor | null,
  key: SigningKey,
): Promise<LiabilitiesSnapshot | null> {
  return db.transaction(async (tx) => {
    // one statement: every client's accounts as of one moment, whatever is being posted meanwhile
    const totals = await queryRows<{ user_id: string; total: string; taken_at: Date | string }>(
      tx,
      sql`select user_id, sum(balance)::text as total, now() as taken_at from ledger_accounts
          where user_id is not null group by user_id`,
    );
    if (totals.length === 0) return null;
    const takenAt = new Date(totals[0]!.taken_at);
    const leaves: SumLeaf[] = shuffled(totals).map((r) => ({
      clientId: r.user_id,
      salt: new Uint8Array(randomBytes(32)),
      totalCents: BigInt(r.total),
    }));
    const tree = buildSumTree(leaves);
    const root = sumTreeRoot(tree);
    const published = {
      snapshotId: randomUUID(),
      snapshotAt: takenAt.toISOString(),
      rootHash: bytesToHex(root.hash),
      totalCents: root.sum.toString(),
      accounts: leaves.length,
    };
    const [snapshot] = await tx
      .insert(liabilitiesSnapshots)
      .values({
        id: published.snapshotId,
        takenAt,
        rootHash: published.rootHash,
        total: root.sum,
        accounts: leaves.length,
        takenBy: actor?.id ?? null,
        signature: key.sign(snapshotSigningBytes(published)),
      })
      .returning();
    const snapshotId = snapshot!.id;
    for (let from = 0; from < leaves.length; from += BATCH) {
      await tx.insert(liabilitiesLeaves).values(
        leaves.slice(from, from + BATCH).map((l, k) => ({
          snapshotId,
          leafIndex: from + k,
          userId: l.clientId,
          salt: bytesToHex(l.salt),
          total: l.totalCents,
        })),
      );
    }
    const nodes = tree.levels.flatMap((nodesOfLevel, level) =>
      nodesOfLevel.map((n, index) => ({ snapshotId, level, index, hash: bytesToHex(n.hash), sum: n.sum })),
    );
    for (let from = 0; from < nodes.length; from += BATCH) {
      await tx.insert(liabilitiesNodes).values(nodes.slice(from, from + BATCH));
    }
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'liabilities.snapshot',
        targetId: snapshotId,
        after: { total: centsToUsd(root.sum), accounts: leaves.length, rootHash: snapshot!.rootHash },
      });
    }
    return presentSnapshot(snapshot!);
  });
}

/** The snapshot `id`, or the latest when `id` is undefined; null when there is none. */
export async function findLiabilitiesSnapshot(db: Db, id?: string): Promise<SnapshotRow | null> {
  const [row] = await db
    .select()
    .from(liabilitiesSnapshots)
    .where(id ? eq(liabilitiesSnapshots.id, id) : undefined)
    .orderBy(desc(liabilitiesSnapshots.takenAt), desc(liabilitiesSnapshots.createdAt))
    .limit(1);
  return row ?? null;
}

/** The latest `limit` snapshots, newest first. */
export async function recentLiabilitiesSnapshots(db: Db, limit = 10): Promise<LiabilitiesSnapshot[]> {
  const rows = await db
    .select()
    .from(liabilitiesSnapshots)
    .orderBy(desc(liabilitiesSnapshots.takenAt), desc(liabilitiesSnapshots.createdAt))
    .limit(limit);
  return rows.map(presentSnapshot);
}

/**
 * The proof of `userId` in the latest snapshot: its leaf (salt, total) and the siblings from the
 * leaf to the root. Null when there is no snapshot, or the client is not in the latest one.
 */
export async function liabilitiesProof(db: Db, userId: string): Promise<LiabilitiesProof | null> {
  const snapshot = await findLiabilitiesSnapshot(db);
  if (!snapshot) return null;
  const [leaf] = await db
    .select()
    .from(liabilitiesLeaves)
    .where(and(eq(liabilitiesLeaves.snapshotId, snapshot.id), eq(liabilitiesLeaves.userId, userId)));
  if (!leaf) return null;
  const positions = sumProofPositions(snapshot.accounts, leaf.leafIndex);
  const nodes =
    positions.length === 0
      ? []
      : await db
          .select()
          .from(liabilitiesNodes)
          .where(
            and(
              eq(liabilitiesNodes.snapshotId, snapshot.id),
              sql`(${liabilitiesNodes.level}, ${liabilitiesNodes.index}) in (${sql.join(
                positions.map((p) => sql`(${p.level}, ${p.index})`),
                sql`, `,
              )})`,
            ),
          );
  const byPosition = new Map(nodes.map((n) => [`${n.level}:${n.index}`, n]));
  const path = positions.map((p) => {
    const node = byPosition.get(`${p.level}:${p.index}`);
    if (!node) throw new Error(`liabilities snapshot ${snapshot.id}: node ${p.level}:${p.index} is missing`);
    return { side: p.side, hash: node.hash, sum: node.sum.toString() };
  });
  return {
    ...presentSnapshot(snapshot),
    leaf: {
      index: leaf.leafIndex,
      clientId: leaf.userId,
      salt: leaf.salt,
      total: centsToUsd(leaf.total),
      totalCents: leaf.total.toString(),
    },
    path,
  };
}

/**
 * Rebuilds snapshot `row` from its stored leaves and compares the root (hash, total, accounts) and
 * every stored node with the rebuilt tree. Answers the first difference in words, or null.
 */
export async function verifyLiabilitiesSnapshot(db: DbOrTx, row: SnapshotRow): Promise<string | null> {
  const name = `liabilities snapshot ${row.id} (${row.takenAt.toISOString()})`;
  const leaves = await db
    .select()
    .from(liabilitiesLeaves)
    .where(eq(liabilitiesLeaves.snapshotId, row.id))
    .orderBy(asc(liabilitiesLeaves.leafIndex));
  if (leaves.length !== row.accounts || leaves.some((l, i) => l.leafIndex !== i)) {
    return `${name}: ${leaves.length} leaves stored for ${row.accounts} accounts published`;
  }
  let tree;
  try {
    tree = buildSumTree(
      leaves.map((l) => ({ clientId: l.userId, salt: hexBytes(l.salt), totalCents: l.total })),
    );
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : 'its leaves do not build a tree'}`;
  }
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

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}
