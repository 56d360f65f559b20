/**
 * One error module: stable codes mapped to HTTP statuses.
 * Services throw `AppError`; the Fastify error handler in app.ts turns it into `{ message }`.
 */
import { MSG } from '@common/messages';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
} as const;

export type ErrorCode = keyof typeof STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Invalid request',
  UNAUTHORIZED: MSG.notSignedIn,
  FORBIDDEN: MSG.forbidden,
  NOT_FOUND: MSG.notFound,
  CONFLICT: 'This conflicts with the current state',
  PAYLOAD_TOO_LARGE: 'Request is too large',
  UNPROCESSABLE: 'This request cannot be processed',
  TOO_MANY_REQUESTS: MSG.tooManyRequests,
};

/** A client-caused failure with a message the screen can show. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.statusCode = STATUS[code];
  }
}

/** SQLSTATEs of text the database cannot store: a NUL character (22021) or an untranslatable one (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * True for a database error caused by text the database cannot store — a NUL character in any
 * string field (found by the fuzz test) — on either driver, also when drizzle wraps it
 * (`cause`). The error handler answers 400 for it; the statement's transaction has rolled back.
 */
export function isUnstorableTextError(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
  }
  return false;
}
