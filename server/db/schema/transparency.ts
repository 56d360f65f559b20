/**
 * The verifiable journal (docs/transparency.md): an append-only Merkle log of the RFC 9162 shape over
 * the posted journal entries, the hashes of its complete subtrees (so a proof reads O(log n) rows),
 * and the signed tree heads. Written only by the sealing job (modules/transparency/seal.ts); the
 * append-only guards (no UPDATE, DELETE or TRUNCATE) live in the migration `transparency_log`.
 * Hashes are lowercase hex of SHA-256 (64 characters).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { liabilitiesSnapshots } from './liabilities';
import { journalEntries, ledgerAccounts } from './money';

const hex64 = (column: string) => sql.raw(`${column} ~ '^[0-9a-f]{64}$'`);

/**
 * One leaf per sealed journal entry, one per sealed account opening (its owner) and one per sealed
 * proof-of-liabilities snapshot record: `leafIndex`
 * counts from 0 in sealing order; `leafHash` is SHA-256(0x00 || the leaf's bytes) in the leaf's
 * `version` (common/transparency/journal.ts for 1, leaves.ts for 2). Entries sealed before the
 * cut-over keep version 1; every leaf since is version 2; an account leaf exists only in version 2.
 */
export const transparencyLeaves = pgTable(
  'transparency_leaves',
  {
    leafIndex: bigint('leaf_index', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .unique('transparency_leaves_entry_id_key')
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .unique('transparency_leaves_account_id_key')
      .references(() => ledgerAccounts.id),
    /** A proof-of-liabilities snapshot's sealed record (common/transparency/leaves.ts). */
    snapshotId: uuid('snapshot_id')
      .unique('transparency_leaves_snapshot_id_key')
      .references(() => liabilitiesSnapshots.id),
    version: smallint('version').notNull().default(1),
    leafHash: text('leaf_hash').notNull(),
    createdAt: createdAt(),
  },
  () => [
    check('transparency_leaves_index_non_negative', sql.raw('leaf_index >= 0')),
    check('transparency_leaves_hash_hex', hex64('leaf_hash')),
    check('transparency_leaves_one_subject', sql.raw('num_nonnulls(entry_id, account_id, snapshot_id) = 1')),
    check(
      'transparency_leaves_version',
      sql.raw('version = 2 or (version = 1 and account_id is null and snapshot_id is null)'),
    ),
  ],
);

/**
 * The hash of every complete subtree of 2^level leaves (level ≥ 1): the one covering leaves
 * [index·2^level, (index+1)·2^level). Stored once, when its last leaf is appended; level 0 is
 * transparency_leaves.
 */
export const transparencyNodes = pgTable(
  'transparency_nodes',
  {
    level: integer('level').notNull(),
    index: bigint('index', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.index] }),
    check('transparency_nodes_level_check', sql.raw('level between 1 and 62')),
    check('transparency_nodes_index_non_negative', sql.raw('index >= 0')),
    check('transparency_nodes_hash_hex', hex64('hash')),
  ],
);

/**
 * Signed tree heads, one per seal that appended something: the tree of the first `size` leaves, its
 * root hash, the time it was signed (`timestampMs`, ms since the epoch) and the Ed25519 signature
 * (hex) over the bytes `treeHeadSigningBytes` makes, with the public key (hex) that verifies it and
 * its fingerprint. `checkpointSignature` (hex, 64 bytes) is the Ed25519 note signature of the same
 * head as a C2SP checkpoint (common/transparency/checkpoint.ts); null for heads signed before
 * checkpoints were published. `scanFrom` is internal: the next seal looks for unsealed entries
 * created at or after it (modules/transparency/seal.ts); it is never published.
 */
export const transparencyTreeHeads = pgTable(
  'transparency_tree_heads',
  {
    size: bigint('size', { mode: 'number' }).primaryKey(),
    rootHash: text('root_hash').notNull(),
    timestampMs: bigint('timestamp_ms', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
    publicKey: text('public_key').notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    checkpointSignature: text('checkpoint_signature'),
    scanFrom: timestamp('scan_from', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  () => [
    check('transparency_tree_heads_size_positive', sql.raw('size > 0')),
    check('transparency_tree_heads_root_hex', hex64('root_hash')),
    check('transparency_tree_heads_signature_hex', sql.raw(`signature ~ '^[0-9a-f]{128}$'`)),
    check('transparency_tree_heads_key_hex', hex64('public_key')),
    check(
      'transparency_tree_heads_checkpoint_signature_hex',
      sql.raw(`checkpoint_signature ~ '^[0-9a-f]{128}$'`),
    ),
  ],
);

/**
 * Witness cosignatures (C2SP tlog-cosignature, Ed25519 type 0x04) of a signed tree head's
 * checkpoint: the witness's key name and key id (8 hex), its POSIX timestamp (seconds) and the 64-byte
 * signature (hex). Accepted only from the configured witnesses after verification
 * (modules/transparency/cosignatures.ts); one per witness and head, append-only.
 */
export const transparencyCosignatures = pgTable(
  'transparency_cosignatures',
  {
    size: bigint('size', { mode: 'number' })
      .notNull()
      .references(() => transparencyTreeHeads.size),
    witnessName: text('witness_name').notNull(),
    keyId: text('key_id').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.size, t.witnessName, t.keyId] }),
    check('transparency_cosignatures_key_id_hex', sql.raw(`key_id ~ '^[0-9a-f]{8}$'`)),
    check('transparency_cosignatures_signature_hex', sql.raw(`signature ~ '^[0-9a-f]{128}$'`)),
    check('transparency_cosignatures_timestamp_non_negative', sql.raw('timestamp >= 0')),
  ],
);
