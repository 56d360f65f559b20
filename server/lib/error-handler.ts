/**
 * The app's one error handler (registered in app.ts): every failure a route throws becomes
 * `{ code, message, details? }` (code from the catalogue common/errors.ts) with the status it
 * deserves. Validation errors 400 `validation_failed` (the first issue's message, every issue in
 * `details`), `AppError` its own code, a database that cannot be reached right now 503
 * `service_unavailable` with `Retry-After` (docs/operations.md "Database faults"), text the database
 * cannot store 400 `unstorable_text`, a client error that Fastify or a plugin raised (404, 413, 415,
 * 429 `too_many_requests`, …) with the catalogue's code of its status, anything else 500
 * `internal_error`. The 503s are logged as
 * warnings and the 500s as errors, both under the log policy (lib/log-policy.ts): a failed
 * statement's parameters never reach the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeOfStatus, ERRORS, type ErrorAnswer, type ErrorCode, type ErrorDetail } from '@common/errors';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, isUnstorableTextError } from './errors';

/**
 * Seconds a client is told to wait (`Retry-After`) when the database is briefly unavailable: about
 * what a restart or a fail-over takes, and what the health check's interval allows
 * (docs/operations.md "Database faults"). Also sent by GET /api/health and /api/health/ready when
 * they answer 503.
 */
export const RETRY_AFTER_SECONDS = 5;

/** The answer `{ code, message, details? }`, the message defaulting to the catalogue's. */
export function errorAnswer(code: ErrorCode, message?: string, details?: ErrorDetail[]): ErrorAnswer {
  return { code, message: message ?? ERRORS[code].message, ...(details ? { details } : {}) };
}

/** Answers `err` as `{ code, message, details? }` with its status (see the module comment). */
export function answerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean).join('.'),
      message: issue.message ?? ERRORS.validation_failed.message,
    }));
    return reply.code(400).send(errorAnswer('validation_failed', details[0]?.message, details));
  }
  if (err instanceof AppError) return reply.code(err.statusCode).send(errorAnswer(err.code, err.message));
  if (isDatabaseUnavailable(err)) {
    // the database is restarting or unreachable: say so at once; the pool reconnects by itself
    req.log.warn({ err }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(errorAnswer('service_unavailable'));
  }
  if (isUnstorableTextError(err)) return reply.code(400).send(errorAnswer('unstorable_text'));
  const status = err.statusCode ?? 500;
  if (status === 429) return reply.code(429).send(errorAnswer('too_many_requests'));
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorAnswer(codeOfStatus(status), err.message));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send(errorAnswer('internal_error'));
}

/**
 * What the body parser's refusals answer on a route with `tooLargeAs` (its `config.parserCodes`): a
 * malformed body, one over the route's limit as `file_too_large`, one of a type no parser reads.
 */
export const TOO_LARGE_AS_CODES = ['bad_request', 'file_too_large', 'unsupported_media_type'] as const;

/**
 * A route's error handler for an image upload: Fastify refuses a body over the route's `bodyLimit`
 * before parsing it (`FST_ERR_CTP_BODY_TOO_LARGE`); this answers that with 413 `file_too_large` and
 * the route's own `message`, and throws anything else on to the app's handler.
 */
export function tooLargeAs(message: string) {
  return (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(errorAnswer('file_too_large', message));
    throw err;
  };
}
