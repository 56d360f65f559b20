/**
 * Proof of liabilities and integrity checks (docs/transparency.md): each snapshot of every client's
 * total (available + held + invested, cents) as a Merkle sum tree (common/transparency/sum-tree.ts),
 * its leaves (with the per-client, per-snapshot salt) and every node, so a client's proof reads
 * O(log n) rows; and the results of the integrity check (modules/transparency/integrity.ts).
 * Written only by the snapshot and the check; append-only guards (no UPDATE, DELETE or TRUNCATE)
 * live in the migration `liabilities_snapshots`. Hashes and salts are lowercase hex (64 characters).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';
import { users } from './accounts';

const hex64 = (column: string) => sql.raw(`${column} ~ '^[0-9a-f]{64}$'`);

/** One published snapshot: its root (hash, total in cents), how many accounts, who asked (null: the schedule). */
export const liabilitiesSnapshots = pgTable(
  'liabilities_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    rootHash: text('root_hash').notNull(),
    total: cents('total').notNull(),
    accounts: integer('accounts').notNull(),
    /** Leaves of the sum tree (each client's total split in parts); null before splitting (= accounts). */
    leaves: integer('leaves'),
    /**
     * The cut: the journal log size whose first `cutSize` leaves the totals are summed from
     * (docs/transparency.md "Proof of liabilities"); null for version 1 snapshots, taken from cached
     * balances and not recomputable.
     */
    cutSize: bigint('cut_size', { mode: 'number' }),
    takenBy: uuid('taken_by').references(() => users.id),
    /**
     * Ed25519 signature (hex) of the transparency key over the snapshot's root, in its own signing
     * context (common/transparency/signing-contexts.ts); null for snapshots taken before they were signed.
     */
    signature: text('signature'),
    createdAt: createdAt(),
  },
  (t) => [
    index('liabilities_snapshots_taken_at_idx').on(t.takenAt),
    check('liabilities_snapshots_signature_hex', sql.raw(`signature ~ '^[0-9a-f]{128}$'`)),
    check('liabilities_snapshots_root_hex', hex64('root_hash')),
    check('liabilities_snapshots_total_non_negative', sql.raw('total >= 0')),
    check('liabilities_snapshots_accounts_positive', sql.raw('accounts > 0')),
    check('liabilities_snapshots_leaves_positive', sql.raw('leaves > 0')),
    check('liabilities_snapshots_cut_positive', sql.raw('cut_size > 0')),
  ],
);

/**
 * A leaf of a snapshot: position, the client, fresh random salt (32 bytes hex), cents. Since cuts,
 * each client has several leaves whose totals sum to the client's total (liabilities.ts).
 */
export const liabilitiesLeaves = pgTable(
  'liabilities_leaves',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => liabilitiesSnapshots.id),
    leafIndex: integer('leaf_index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    salt: text('salt').notNull(),
    total: cents('total').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.leafIndex] }),
    index('liabilities_leaves_snapshot_user_idx').on(t.snapshotId, t.userId),
    check('liabilities_leaves_salt_hex', hex64('salt')),
    check('liabilities_leaves_total_non_negative', sql.raw('total >= 0')),
  ],
);

/**
 * Every node of a snapshot's tree by (level, index): level 0 are the leaves; a node carried up
 * unpaired appears again one level up (common/transparency/sum-tree.ts). Sum in cents.
 */
export const liabilitiesNodes = pgTable(
  'liabilities_nodes',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => liabilitiesSnapshots.id),
    level: integer('level').notNull(),
    index: integer('index').notNull(),
    hash: text('hash').notNull(),
    sum: cents('sum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.level, t.index] }),
    check('liabilities_nodes_hash_hex', hex64('hash')),
    check('liabilities_nodes_sum_non_negative', sql.raw('sum >= 0')),
  ],
);

/** Each run of the integrity check: when, whether it passed, the first divergence it found. */
export const integrityChecks = pgTable(
  'integrity_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    firstDivergence: text('first_divergence'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('integrity_checks_checked_at_idx').on(t.checkedAt),
    check('integrity_checks_divergence_named', sql.raw('ok = (first_divergence is null)')),
  ],
);
