/**
 * Signed account statements (docs/transparency.md "Signed statements"): the query of GET
 * /api/transparency/statement (a calendar month, or a range of inclusive UTC days) and the answer of
 * POST /api/transparency/verify-statement. Amounts in the answer are USD; the PDF itself is signed
 * with Ed25519 over its exact bytes (the format is in the server's statement-signature.ts).
 */
import { z } from 'zod';
import { DATE_RANGE_MSG, isCalendarDay } from './date-range';

/** The most lines one statement holds: a longer range is refused (the PDF is signed whole). */
export const STATEMENT_MAX_LINES = 5_000;

/** The largest statement file the verify route reads (a full statement is well under 2 MB). */
export const STATEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Messages of the statement routes (shown on screen as they are). */
export const STATEMENT_MSG = {
  invalidMonth: 'month must be a month written YYYY-MM',
  monthOrRange: 'Choose a month (?month=YYYY-MM) or a date range (?from=YYYY-MM-DD&to=YYYY-MM-DD)',
  notBoth: 'Choose either a month or a date range, not both',
  futureRange: 'The statement cannot start after today',
  tooManyLines: (max: number) =>
    `This range has more than ${max.toLocaleString('en-US')} lines: choose a shorter range`,
  authentic: 'Authentic and unaltered: signed with our published key',
  superseded:
    'Authentic, but superseded: an entry posted after it was issued changed its period; the corrected statement replaces it',
  altered: 'Signature does not match: the file was altered or not issued by us',
  unsigned: 'No signature found: this file is not a statement signed by us',
  otherKey: 'Signed with a key that is not ours: this file was not issued by us',
  noFile: 'Send the statement PDF as the request body (Content-Type: application/pdf)',
  tooLarge: 'The file is over 5 MB: it is not one of our statements',
} as const;

/** True when `month` is `YYYY-MM` with a month 01–12. */
export function isCalendarMonth(month: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
}

/** The first and last day (`YYYY-MM-DD`, UTC) of `month` (`YYYY-MM`). */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The file name of a statement (the download's name on the server and in the browser). */
export function statementFileName(range: StatementRange): string {
  return `statement-${range.from}-to-${range.to}.pdf`;
}

const day = (field: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDay, DATE_RANGE_MSG.invalidDay(field))
    .optional()
    .describe(`${field} day, YYYY-MM-DD (UTC, inclusive)`);

/**
 * `?month=YYYY-MM`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (inclusive UTC days, `from` ≤ `to`): exactly
 * one of the two forms; the output is always the range `{ from, to }`.
 */
export const statementQuerySchema = z
  .object({
    month: z
      .string()
      .trim()
      .refine(isCalendarMonth, STATEMENT_MSG.invalidMonth)
      .optional()
      .describe('A calendar month, YYYY-MM (UTC)'),
    from: day('from'),
    to: day('to'),
  })
  .superRefine((q, ctx) => {
    const range = q.from !== undefined || q.to !== undefined;
    if (q.month !== undefined && range) ctx.addIssue({ code: 'custom', message: STATEMENT_MSG.notBoth });
    else if (q.month === undefined && (q.from === undefined || q.to === undefined))
      ctx.addIssue({ code: 'custom', message: STATEMENT_MSG.monthOrRange });
    else if (q.from !== undefined && q.to !== undefined && q.from > q.to)
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MSG.fromAfterTo, path: ['from'] });
  })
  .transform((q) => (q.month !== undefined ? monthDays(q.month) : { from: q.from!, to: q.to! }));
export type StatementQuery = z.input<typeof statementQuerySchema>;
export type StatementRange = z.output<typeof statementQuerySchema>;

/** The signed tree head a statement names: the journal's size and root hash when it was made. */
export const statementTreeHeadSchema = z.object({
  size: z.number().int().describe('Entries in the journal log the head covers'),
  rootHash: z.string().describe('Root hash of the log, hex'),
  timestamp: z.string().describe('When the head was signed, ISO 8601'),
});

/**
 * Why and when an issued statement was superseded (docs/transparency.md "Signed statements"): the
 * back-dated entry (its effect on the client's total in USD, signed) and the corrected statement.
 */
export const statementSupersessionSchema = z.object({
  at: z.string().describe('When it was superseded, ISO 8601'),
  reason: z.string().describe('Why, in words the screen shows'),
  entry: z.object({
    id: z.uuid(),
    postedAt: z.string().describe('When the entry was posted, ISO 8601'),
    date: z.string().describe('The date the entry takes effect, ISO 8601'),
    amount: z.number().describe('USD, signed: its effect on the total funds'),
    description: z.string(),
  }),
  correctedBy: z.object({
    id: z.uuid(),
    from: z.iso.date(),
    to: z.iso.date(),
    downloaded: z.boolean().describe('False until the client downloads the corrected statement'),
  }),
});
export type StatementSupersession = z.infer<typeof statementSupersessionSchema>;

/** One issued statement of the signed-in client (GET /api/transparency/statements). */
export const issuedStatementSchema = z.object({
  id: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  issuedAt: z
    .string()
    .describe('When it was issued (or, for a corrected one not downloaded yet, called for), ISO 8601'),
  downloaded: z.boolean().describe('False for a corrected statement not downloaded yet'),
  treeHeadSize: z.number().int().nullable().describe('Entries in the tree head it names'),
  superseded: statementSupersessionSchema.nullable(),
});
export type IssuedStatement = z.infer<typeof issuedStatementSchema>;

/** Answer of GET /api/transparency/statements: the newest 50, newest first. */
export const issuedStatementsAnswerSchema = z.object({ statements: z.array(issuedStatementSchema) });
export type IssuedStatementsAnswer = z.infer<typeof issuedStatementsAnswerSchema>;

/** Answer of POST /api/transparency/verify-statement. */
export const verifyStatementAnswerSchema = z.object({
  authentic: z.boolean().describe('True when the signature verifies over the exact bytes with our key'),
  reason: z.string().describe('What the check found, in words the screen shows'),
  keyFingerprint: z.string().optional().describe('The fingerprint of the key named in the file'),
  client: z.string().optional().describe("The statement's client, masked (J*** D***)"),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  closingBalance: z.number().optional().describe('USD: available + held + invested at the end of `to`'),
  issuedAt: z.string().optional().describe('When the statement was made, ISO 8601'),
  treeHead: statementTreeHeadSchema.nullable().optional(),
  superseded: statementSupersessionSchema
    .nullable()
    .optional()
    .describe('Set when this file was superseded by a corrected statement'),
});
export type VerifyStatementAnswer = z.infer<typeof verifyStatementAnswerSchema>;
