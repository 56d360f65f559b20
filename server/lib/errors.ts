/**
 * The server's error: services throw `AppError(code)` with a code of the one catalogue
 * (common/errors.ts), which gives its HTTP status and default message; a thrower passes its own
 * text only when the message depends on the case (`new AppError('already_reviewed',
 * MONEY_MSG.depositAlready(status))`). The Fastify error handler (lib/error-handler.ts) answers it
 * as `{ code, message }` with that status.
 */
import { ERRORS, type ErrorCode } from '@common/errors';
import { errorChain } from '../db/error-chain';

export type { ErrorCode } from '@common/errors';

/** A client-caused failure with a stable code and a message the screen can show. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.statusCode = ERRORS[code].status;
  }
}

/** Whether `err` is an `AppError` of `code` (e.g. `isAppError(e, 'insufficient_balance')`). */
export function isAppError(err: unknown, code: ErrorCode): err is AppError {
  return err instanceof AppError && err.code === code;
}

/** SQLSTATEs of text the database cannot store: a NUL character (22021) or an untranslatable one (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * True for a database error caused by text the database cannot store — a NUL character in any
 * string field (found by the fuzz test) — on either driver, also when drizzle wraps it
 * (`cause`). The error handler answers 400 for it; the statement's transaction has rolled back.
 */
export function isUnstorableTextError(err: unknown): boolean {
  return errorChain(err).some((e) => UNSTORABLE_TEXT.has(e.code));
}
