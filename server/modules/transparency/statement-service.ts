/**
 * Signed statements (docs/transparency.md "Signed statements"): `issue` draws a client's statement
 * for a range of UTC days from the ledger (statement-data.ts), names the latest signed tree head of
 * the journal, signs the PDF with the transparency key (statement-signature.ts) and records it
 * (statement-records.ts: what a back-dated entry later supersedes); `verify` checks a file someone
 * uploads and reads back which statement it is and whether it was superseded. Amounts are cents.
 *
 * Errors: `issue` throws AppError UNPROCESSABLE (422) when the range starts after today (UTC) or
 * holds more than STATEMENT_MAX_LINES lines, NOT_FOUND when the client does not exist.
 */
import { desc, eq, sql } from 'drizzle-orm';
import {
  STATEMENT_MAX_LINES,
  STATEMENT_MSG,
  statementFileName,
  type StatementRange,
} from '@common/schemas/statements';
import { queryRows } from '../../db/client';
import { transparencyTreeHeads, users } from '../../db/schema';
import type { BaseDeps } from '../../lib/base-deps';
import { AppError } from '../../lib/errors';
import { readStatementData, type StatementData } from './statement-data';
import {
  MANIFEST_KEY,
  maskName,
  renderStatementPdf,
  type StatementManifest,
  type StatementTreeHead,
} from './statement-pdf';
import { checkStatementSignature, signStatement, type SignatureCheck } from './statement-signature';
import { signingKeyFor, trustedKeysFor } from './signing-key';
import { openTransactionsHorizon } from './seal';
import { findIssuedByFile, recordIssuedStatement, type IssuedRecord } from './statement-records';

/** A signed statement: the file, its name for the download, and the figures it shows. */
export interface IssuedStatement {
  file: Buffer;
  fileName: string;
  data: StatementData;
  manifest: StatementManifest;
}

/**
 * What a check of an uploaded file found; the manifest only when the signature is ours and verifies;
 * `issued` the record of the file when we issued it (its supersession, if any).
 */
export interface StatementCheck {
  check: SignatureCheck;
  fingerprint?: string;
  manifest?: StatementManifest;
  issued?: IssuedRecord | null;
}

/** Today's date (UTC, `YYYY-MM-DD`). */
const today = () => new Date().toISOString().slice(0, 10);

/** The manifest in a signed PDF's info (statement-pdf.ts), or undefined when there is none. */
export function readManifest(pdf: Buffer): StatementManifest | undefined {
  const text = pdf.toString('latin1');
  const ref = new RegExp(`/${MANIFEST_KEY} (\\d+) 0 R`).exec(text);
  if (!ref) return undefined;
  const body = new RegExp(`\\n${ref[1]} 0 obj\\n\\(([A-Za-z0-9_-]+)\\)\\nendobj`).exec(text);
  if (!body) return undefined;
  try {
    return JSON.parse(Buffer.from(body[1]!, 'base64url').toString('utf8')) as StatementManifest;
  } catch {
    return undefined;
  }
}

export function createStatementService({ db, config }: Pick<BaseDeps, 'db' | 'config'>) {
  const key = () => signingKeyFor(config);

  /** The latest signed tree head, or null before the first seal. */
  async function latestTreeHead(): Promise<StatementTreeHead | null> {
    const [head] = await db
      .select({
        size: transparencyTreeHeads.size,
        rootHash: transparencyTreeHeads.rootHash,
        timestampMs: transparencyTreeHeads.timestampMs,
      })
      .from(transparencyTreeHeads)
      .orderBy(desc(transparencyTreeHeads.size))
      .limit(1);
    return head
      ? { size: head.size, rootHash: head.rootHash, timestamp: new Date(head.timestampMs).toISOString() }
      : null;
  }

  return {
    /**
     * The signed statement of `userId` over `range`. The tree head is read first: an entry sealed
     * after it shows as not yet sealed, never the other way round.
     */
    async issue(userId: string, range: StatementRange, issuedAt = new Date()): Promise<IssuedStatement> {
      if (range.from > today()) throw new AppError('statement_in_future');
      const [user] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new AppError('not_found');
      const treeHead = await latestTreeHead();
      // before the read: an entry it cannot see is created at or after this (seal.ts)
      const [{ horizon }] = await queryRows<{ horizon: string }>(
        db,
        sql`select ${openTransactionsHorizon} as horizon`,
      );
      const data = await readStatementData(db, userId, range, {
        maxLines: STATEMENT_MAX_LINES,
        sealedBelow: treeHead?.size ?? 0,
        coveredSince: horizon,
      });
      if (data.truncated)
        throw new AppError('statement_too_long', STATEMENT_MSG.tooManyLines(STATEMENT_MAX_LINES));
      const clientName = `${user.firstName} ${user.lastName}`.trim();
      const signingKey = key();
      const manifest: StatementManifest = {
        v: 1,
        client: maskName(clientName),
        from: data.from,
        to: data.to,
        openingBalanceCents: data.openingBalance.toString(),
        closingBalanceCents: data.closingBalance.toString(),
        lines: data.lines.length,
        issuedAt: issuedAt.toISOString(),
        treeHead,
        unsealed: data.unsealed,
        keyFingerprint: signingKey.fingerprint,
      };
      const pdf = await renderStatementPdf(
        data,
        {
          brandName: config.brand.name,
          verifyUrl: `${config.publicUrl}/transparency`,
          clientName,
          clientEmail: user.email,
          issuedAt,
        },
        manifest,
      );
      const file = signStatement(pdf, signingKey);
      await recordIssuedStatement(db, {
        userId,
        range,
        issuedAt,
        horizon,
        covered: data.covered,
        file,
        treeHead: treeHead && { size: treeHead.size, rootHash: treeHead.rootHash },
      });
      return { file, fileName: statementFileName(range), data, manifest };
    },

    /**
     * Checks an uploaded file's signature against the keys of the published history (a statement
     * signed before a key rotation still verifies); reads its manifest and, by the file's digest,
     * its issue record (null for a file issued before records were kept) when authentic.
     */
    async verify(file: Buffer): Promise<StatementCheck> {
      const { check, parts } = checkStatementSignature(file, trustedKeysFor(config));
      const authentic = check === 'authentic';
      return {
        check,
        fingerprint: parts?.fingerprint,
        manifest: authentic ? readManifest(parts!.signed) : undefined,
        issued: authentic ? await findIssuedByFile(db, file) : undefined,
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
