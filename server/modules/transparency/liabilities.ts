/**
 * Proof of liabilities (docs/transparency.md "Proof of liabilities"): a snapshot of every client's
 * total (available + held + invested, cents) at a **cut** of the journal's log, as a Merkle sum tree
 * (common/transparency/sum-tree.ts), published as its root (hash, total, clients, leaves) and sealed
 * into the log as a record of its own (common/transparency/leaves.ts, kind `liabilities`).
 *
 * - `takeLiabilitiesSnapshot`: seals the journal, then under the seal's advisory lock takes the cut
 *   N = the latest signed tree head's size and reads every client's total at it in ONE grouped
 *   statement (`totalsAtCut`): the client's lines of the entries sealed below N, for every client
 *   with an account opened below N (zero totals included). The snapshot is so a pure function of
 *   the sealed log's prefix, which `npm run ledger:verify` recomputes (liabilities-verify.ts).
 *   Each client's total is split into LEAVES_PER_CLIENT random parts, each its own leaf with its
 *   own salt; the leaves are shuffled. Stores the snapshot, its leaves and every node in one
 *   transaction, with the staff member's audit row when one asked. The next seal appends its record.
 * - `findLiabilitiesSnapshot` / `recentLiabilitiesSnapshots`: the published roots.
 * The client's proof is in liabilities-proof.ts; the rebuild and recomputation in liabilities-verify.ts.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { LiabilitiesSnapshot } from '@common/schemas/liabilities';
import { snapshotSigningBytes } from '@common/transparency/signing-contexts';
import { buildSumTree, type SumLeaf, sumTreeRoot } from '@common/transparency/sum-tree';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { liabilitiesLeaves, liabilitiesNodes, liabilitiesSnapshots } from '../../db/schema';
import { type AuditActor, recordAudit } from '../../lib/audit';
import { centsToUsd } from '../../lib/money';
import { SEAL_LOCK_KEY, sealJournal } from './seal';
import type { SigningKey } from './signing-key';

/**
 * How many leaves each client's total is split into. More parts make a sibling's sum a mix of more
 * random pieces of other clients' totals (docs/transparency.md "Proof of liabilities", privacy), at
 * the cost of that many times the leaves, nodes and paths.
 */
export const LEAVES_PER_CLIENT = 3;

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
    leaves: row.leaves ?? row.accounts,
    cutSize: row.cutSize,
    signature: row.signature,
  };
}

/** A uniformly random bigint in [0, n) (rejection sampling over 64 random bits); n ≤ 2^64. */
function randomBelow(n: bigint): bigint {
  if (n <= 1n) return 0n;
  const space = 1n << 64n;
  const limit = space - (space % n);
  for (;;) {
    const x = randomBytes(8).readBigUInt64BE();
    if (x < limit) return x % n;
  }
}

/**
 * Splits `total` cents into `parts` random parts, each ≥ 0, summing to `total`: the gaps between
 * `parts − 1` uniformly random cut points in [0, total]. Crypto randomness.
 */
export function splitTotal(total: bigint, parts: number = LEAVES_PER_CLIENT): bigint[] {
  const points = Array.from({ length: parts - 1 }, () => randomBelow(total + 1n)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return [...points, total].map((p, i) => p - (i === 0 ? 0n : points[i - 1]!));
}

/**
 * Every client's total at cut `cut` (a log size), cents as text, in one grouped statement: the sum
 * of the lines of the client's accounts (owners as ledger_accounts holds them, which the integrity
 * check holds to their sealed openings) over the entries whose leaf index is below the cut; every
 * client with an account whose opening leaf is below the cut is present, at zero when nothing moved.
 */
export function totalsAtCut(db: DbOrTx, cut: number) {
  return queryRows<{ user_id: string; total: string }>(
    db,
    sql`select a.user_id, coalesce(sum(l.amount) filter (where el.leaf_index < ${cut}), 0)::text as total
          from transparency_leaves ao
          join ledger_accounts a on a.id = ao.account_id and a.user_id is not null
          left join journal_lines l on l.account_id = a.id
          left join transparency_leaves el on el.entry_id = l.entry_id
         where ao.leaf_index < ${cut}
         group by a.user_id`,
  );
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
 * Takes and stores a snapshot at the cut of the latest tree head (see the header); answers it, or
 * null when no client has a sealed account yet. `actor`: the staff member who asked (audited,
 * `liabilities.snapshot`), null for the schedule. `key` seals the journal first and signs the
 * snapshot (snapshotSigningBytes: id, time, root, total, clients). Throws SumTreeError should a
 * client's total at the cut be negative (the database's CHECKs forbid it).
 */
export async function takeLiabilitiesSnapshot(
  db: Db,
  actor: AuditActor | null,
  key: SigningKey,
): Promise<LiabilitiesSnapshot | null> {
  await sealJournal(db, key);
  return db.transaction(async (tx) => {
    // no seal runs while the cut is read: the cut is the latest head, and stays the latest until commit
    await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_KEY})`);
    const [head] = await queryRows<{ size: number | string; taken_at: Date | string }>(
      tx,
      sql`select coalesce(max(size), 0) as size, now() as taken_at from transparency_tree_heads`,
    );
    const cutSize = Number(head!.size);
    const totals = cutSize > 0 ? await totalsAtCut(tx, cutSize) : [];
    if (totals.length === 0) return null;
    const takenAt = new Date(head!.taken_at);
    const leaves: SumLeaf[] = shuffled(
      totals.flatMap((r) =>
        splitTotal(BigInt(r.total)).map((part) => ({
          clientId: r.user_id,
          salt: new Uint8Array(randomBytes(32)),
          totalCents: part,
        })),
      ),
    );
    const tree = buildSumTree(leaves);
    const root = sumTreeRoot(tree);
    const published = {
      snapshotId: randomUUID(),
      snapshotAt: takenAt.toISOString(),
      rootHash: bytesToHex(root.hash),
      totalCents: root.sum.toString(),
      accounts: totals.length,
    };
    const [snapshot] = await tx
      .insert(liabilitiesSnapshots)
      .values({
        id: published.snapshotId,
        takenAt,
        rootHash: published.rootHash,
        total: root.sum,
        accounts: totals.length,
        leaves: leaves.length,
        cutSize,
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
        after: {
          total: centsToUsd(root.sum),
          accounts: totals.length,
          rootHash: snapshot!.rootHash,
          cutSize,
        },
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
