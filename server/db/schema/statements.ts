/**
 * Issued statements (docs/transparency.md "Signed statements", "When a statement is superseded"):
 * one row per signed statement file a client was given, and one per corrected statement a supersession calls
 * for (drawn when the client downloads it: until then `fileDigest` is null).
 *
 * What a drawn row knows of the ledger it was read from: `horizon`, the earliest start of any
 * transaction still open when the statement was read (as the seal's horizon: seal.ts), and
 * `coveredEntryIds`, the client's entries created at or after the horizon that the statement's read
 * saw. An entry created before the horizon was visible to it, so "posted after this statement" is
 * exactly: created at or after the horizon and not among the covered ids. The seal job marks the
 * statement superseded when such an entry dated before its issue and before the end of its range
 * (it changes its lines, its opening or its closing balance) is sealed (statement-supersession.ts).
 * `reasonAmountCents` is the entry's effect on the client's total funds, signed, in cents.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { journalEntries } from './money';

export const issuedStatements = pgTable(
  'issued_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    rangeFrom: date('range_from').notNull(),
    rangeTo: date('range_to').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Set by the database: the start of the transaction that recorded the row (the seal's clock). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    horizon: timestamp('horizon', { withTimezone: true }),
    coveredEntryIds: uuid('covered_entry_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** SHA-256 of the whole signed file, lowercase hex; null while a corrected one is not drawn. */
    fileDigest: text('file_digest'),
    treeHeadSize: bigint('tree_head_size', { mode: 'number' }),
    treeHeadRoot: text('tree_head_root'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => issuedStatements.id),
    reasonEntryId: uuid('reason_entry_id').references(() => journalEntries.id),
    reasonPostedAt: timestamp('reason_posted_at', { withTimezone: true }),
    reasonEffectiveAt: timestamp('reason_effective_at', { withTimezone: true }),
    reasonAmountCents: bigint('reason_amount_cents', { mode: 'bigint' }),
    reasonDescription: text('reason_description'),
  },
  (t) => [
    index('issued_statements_user_idx').on(t.userId, t.issuedAt),
    uniqueIndex('issued_statements_file_digest_key').on(t.fileDigest),
    index('issued_statements_current_idx')
      .on(t.userId)
      .where(sql`superseded_at is null and file_digest is not null`),
    index('issued_statements_recorded_idx').on(t.recordedAt),
    check('issued_statements_range', sql`range_from <= range_to`),
    check('issued_statements_digest_hex', sql.raw(`file_digest ~ '^[0-9a-f]{64}$'`)),
    check(
      'issued_statements_superseded_whole',
      sql`(superseded_at is null) = (superseded_by is null)
        and (superseded_at is null) = (reason_entry_id is null)`,
    ),
  ],
);
