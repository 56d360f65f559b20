/**
 * One error module (DESIGN.md §3 "One error module"): stable codes mapped to HTTP statuses.
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
