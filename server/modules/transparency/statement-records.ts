/**
 * The record of issued statements (docs/transparency.md "Signed statements"; table
 * `issued_statements`, server/db/schema/statements.ts): every signed file a client downloads is
 * recorded by its SHA-256, the tree head it names and what its read of the ledger saw; a corrected
 * statement that a supersession calls for is recorded undrawn and filled in when the client first
 * downloads that range (statement-supersession.ts writes the supersessions). Amounts are cents.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatDay } from '@common/dates';
import type { StatementRange } from '@common/schemas/statements';
import type { DbOrTx } from '../../db/client';
import { issuedStatements } from '../../db/schema';
import { formatUsd } from '../../lib/money';

/** How many issued statements the statements screen lists (newest first). */
export const ISSUED_LIST_LIMIT = 50;

/** The back-dated entry that superseded a statement: when it was posted and dated, its effect (cents). */
export interface SupersessionReason {
  entryId: string;
  postedAt: Date;
  effectiveAt: Date;
  amountCents: bigint;
  description: string;
}

/** An issued statement as recorded, with its supersession when it has one. */
export interface IssuedRecord {
  id: string;
  from: string;
  to: string;
  issuedAt: Date;
  /** False for a corrected statement the client has not downloaded yet. */
  drawn: boolean;
  treeHeadSize: number | null;
  supersededAt: Date | null;
  supersededBy: string | null;
  /** Whether the corrected statement that supersedes it has been downloaded (null: not superseded). */
  correctedDrawn: boolean | null;
  reason: SupersessionReason | null;
}

/** `+$1,234.56` or `-$12.00` for a signed amount in cents. */
export const signedUsd = (cents: bigint) =>
  `${cents < 0n ? '-' : '+'}$${formatUsd(cents < 0n ? -cents : cents)}`;

/**
 * Why a statement was superseded, in the words the screen, the e-mail and the verify answer show:
 * the entry's description and amount, the day it is dated and the day it was posted (UTC days, "12 Oct 2026").
 */
export function describeSupersession(reason: SupersessionReason): string {
  return (
    `${reason.description}, ${signedUsd(reason.amountCents)}, dated ${formatDay(reason.effectiveAt)}, ` +
    `was posted on ${formatDay(reason.postedAt)}, after this statement was issued`
  );
}

/** SHA-256 of a statement file, lowercase hex (`file_digest`). */
export const fileDigest = (file: Buffer) => createHash('sha256').update(file).digest('hex');

type Row = typeof issuedStatements.$inferSelect;

function toRecord({ r, correctedDrawn }: { r: Row; correctedDrawn: boolean | null }): IssuedRecord {
  return {
    id: r.id,
    from: r.rangeFrom,
    to: r.rangeTo,
    issuedAt: r.issuedAt,
    drawn: r.fileDigest !== null,
    treeHeadSize: r.treeHeadSize,
    supersededAt: r.supersededAt,
    supersededBy: r.supersededBy,
    correctedDrawn: r.supersededBy === null ? null : correctedDrawn === true,
    reason:
      r.reasonEntryId === null
        ? null
        : {
            entryId: r.reasonEntryId,
            postedAt: r.reasonPostedAt!,
            effectiveAt: r.reasonEffectiveAt!,
            amountCents: r.reasonAmountCents!,
            description: r.reasonDescription ?? '',
          },
  };
}

/** A signed statement as issued: what `recordIssuedStatement` stores. */
export interface IssuedFile {
  userId: string;
  range: StatementRange;
  issuedAt: Date;
  /** The horizon read before the statement's read (text, created_at's clock). */
  horizon: string;
  /** Entries created at or after `horizon` that the read saw. */
  covered: string[];
  file: Buffer;
  treeHead: { size: number; rootHash: string } | null;
}

/**
 * Records a signed statement: fills the client's undrawn corrected statement of the same range when
 * there is one (the download it was waiting for), else adds a row (a file already recorded, the
 * same bytes drawn twice at one instant, is not added again). Answers the row's id. `recorded_at` is the
 * transaction's start either way, so the next seal looks at it (statement-supersession.ts).
 */
export async function recordIssuedStatement(db: DbOrTx, s: IssuedFile): Promise<string> {
  const values = {
    issuedAt: s.issuedAt,
    recordedAt: sql`now()` as unknown as Date,
    horizon: sql`${s.horizon}::timestamptz` as unknown as Date,
    coveredEntryIds: s.covered,
    fileDigest: fileDigest(s.file),
    treeHeadSize: s.treeHead?.size ?? null,
    treeHeadRoot: s.treeHead?.rootHash ?? null,
  };
  const t = issuedStatements;
  const [filled] = await db
    .update(t)
    .set(values)
    .where(
      and(
        eq(t.userId, s.userId),
        eq(t.rangeFrom, s.range.from),
        eq(t.rangeTo, s.range.to),
        isNull(t.fileDigest),
        isNull(t.supersededAt),
      ),
    )
    .returning({ id: t.id });
  if (filled) return filled.id;
  // the same bytes issued twice (the same instant) are one statement
  const [row] = await db
    .insert(t)
    .values({ userId: s.userId, rangeFrom: s.range.from, rangeTo: s.range.to, ...values })
    .onConflictDoNothing({ target: t.fileDigest })
    .returning({ id: t.id });
  if (row) return row.id;
  const [same] = await db.select({ id: t.id }).from(t).where(eq(t.fileDigest, values.fileDigest));
  return same!.id;
}

const corrected = alias(issuedStatements, 'corrected');

/** Issued statements with whether their corrected one was downloaded, filtered by `where`. */
const withCorrected = (db: DbOrTx, where: SQL) =>
  db
    .select({ r: issuedStatements, correctedDrawn: sql<boolean | null>`${corrected.fileDigest} is not null` })
    .from(issuedStatements)
    .leftJoin(corrected, eq(corrected.id, issuedStatements.supersededBy))
    .where(where);

/** The client's issued statements, newest first (at most ISSUED_LIST_LIMIT). */
export async function listIssuedStatements(db: DbOrTx, userId: string): Promise<IssuedRecord[]> {
  const rows = await withCorrected(db, eq(issuedStatements.userId, userId))
    .orderBy(desc(issuedStatements.issuedAt), desc(issuedStatements.id))
    .limit(ISSUED_LIST_LIMIT);
  return rows.map(toRecord);
}

/** The record of a statement file by its digest, or null when we have none (issued before records). */
export async function findIssuedByFile(db: DbOrTx, file: Buffer): Promise<IssuedRecord | null> {
  const [row] = await withCorrected(db, eq(issuedStatements.fileDigest, fileDigest(file)));
  return row ? toRecord(row) : null;
}
