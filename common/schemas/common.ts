/** Small shared pieces of route schemas. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { ERROR_CODES } from '../errors';
import { MONEY_MSG, MSG, SECURITY_MSG } from '../messages';

/** `?page=`: from 1 (default 1). */
export const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

/** `?pageSize=`: one of the table sizes 10, 20, 30, 40 (a form's "show entries"), else 400. */
export const pageSizeField = z.coerce
  .number()
  .refine(
    (n) => (LIMITS.tablePageSizes as readonly number[]).includes(n),
    'pageSize must be 10, 20, 30 or 40',
  );

/** `?page&pageSize` of a paged list, `pageSize` defaulting to `defaultSize`. */
export function pagingQuery(defaultSize: (typeof LIMITS.tablePageSizes)[number] = 10) {
  return z.object({ page: pageField, pageSize: pageSizeField.default(defaultSize) });
}

/**
 * `?cursor&limit` of a list that also pages by cursor (docs/integrations.md "Cursor pages"): the
 * `nextCursor` of the page before, and how many rows; either one asks for a cursor page.
 */
export const cursorQuery = z.object({
  cursor: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** `nextCursor` of a list answer: only on cursor pages, null after the last. */
export const nextCursorField = z
  .string()
  .nullable()
  .optional()
  .describe('Cursor pages only: the `cursor` of the next page, null after the last');

/**
 * The reason staff give for a decision about a client's money or account (3–500 characters after
 * trimming): the client reads it in their history, notification and e-mail (docs/product.md).
 */
export const decisionReasonField = z
  .string({ error: MSG.required('Reason') })
  .trim()
  .min(3, SECURITY_MSG.reasonLength)
  .max(500, SECURITY_MSG.reasonLength);

/** `{ reason }`: the body of a decision route (reject a deposit, decline a withdrawal, block, …). */
export const decisionReasonSchema = z.object({ reason: decisionReasonField });
export type DecisionReasonInput = z.output<typeof decisionReasonSchema>;

/** A row id in a path (`/:id`). */
export const idParams = z.object({ id: z.uuid('Invalid id') });

/** `?userId=` on lists an admin can narrow to one user. */
export const userIdQuery = z.object({ userId: z.uuid('Invalid id').optional() });

/**
 * GET of a list of requests (deposits, withdrawals): `?userId` (staff: one client's), and a cursor
 * page with `cursor`/`limit`; without either, the newest 500 (docs/integrations.md "Cursor pages").
 */
export const requestListQuery = userIdQuery.extend(cursorQuery.shape);

/** One client's list, for an export of it: `?userId`, required. */
export const clientIdQuery = z.object({ userId: z.uuid('Invalid id') });

/**
 * The answer of a list of requests: `data`; on a cursor page also `total` (rows matching in all)
 * and `nextCursor`.
 */
export function requestListSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int().optional(), nextCursor: nextCursorField });
}

/**
 * `{ code, message, details? }`: every error answer (docs/architecture.md "Errors"), for the 4xx a
 * route declares itself; `code` is one of the catalogue's (common/errors.ts).
 */
export const errorAnswerSchema = z.object({
  code: z.enum(ERROR_CODES).describe('A stable code from the one catalogue (common/errors.ts): branch on it'),
  message: z.string().describe('A message the screen can show'),
  details: z
    .array(
      z.object({
        path: z.string().describe('The field, dotted (`amount`, `items.0.id`); empty for the whole input'),
        message: z.string(),
      }),
    )
    .optional()
    .describe('validation_failed only: every problem found'),
});

/**
 * The bytes of a stored file, for answers that are not JSON (`content: { 'image/png': { schema } }`).
 * Fastify sends a Buffer as it is, so this only documents the answer.
 */
export const binaryFileSchema = z.string().meta({ format: 'binary' });

/** `{ message }`: the answer of a change that has nothing else to show. */
export const messageAnswerSchema = z.object({ message: z.string() });

/**
 * The `Idempotency-Key` header of a money-moving POST (server/lib/idempotency.ts checks its form and
 * answers 400 itself). A loose object: Fastify replaces `req.headers` with the validated value, so
 * every other header must pass through. A value that is not a string gets the same 400 message.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: MONEY_MSG.invalidIdempotencyKey })
    .optional()
    .describe(
      '1 to 255 printable ASCII characters; a repeat with the same payload answers the first result again',
    ),
});

/**
 * `{ name: z.string(), … }` for the given names, in their order: the plain text fields of an answer
 * (spread into a `z.object`), so a schema lists them on one line.
 */
export function textFields<const K extends string>(...names: K[]): Record<K, z.ZodString> {
  return Object.fromEntries(names.map((n) => [n, z.string()])) as Record<K, z.ZodString>;
}

/** `{ data, total }`: one page of a paged list of `item` and how many rows match in all. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}
