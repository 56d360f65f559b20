/**
 * The app's one error handler (registered in app.ts): every failure a route throws becomes
 * `{ message }` with the status it deserves. Validation errors 400 (the first issue's message),
 * `AppError` its own status, a database that cannot be reached right now 503 with `Retry-After`
 * (docs/operations.md "Database faults"), text the database cannot store 400, a client error that
 * Fastify raised (404, 413, 415, 429, …) as it is, anything else 500. The 503s are logged as
 * warnings and the 500s as errors, both under the log policy (lib/log-policy.ts): a failed
 * statement's parameters never reach the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@common/messages';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, isUnstorableTextError } from './errors';

/**
 * Seconds a client is told to wait (`Retry-After`) when the database is briefly unavailable: about
 * what a restart or a fail-over takes, and what the health check's interval allows
 * (docs/operations.md "Database faults"). Also sent by GET /api/health and /api/health/ready when
 * they answer 503.
 */
export const RETRY_AFTER_SECONDS = 5;

/** Answers `err` as `{ message }` with its status (see the module comment). */
export function answerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.code(400).send({ message: err.validation[0]?.message ?? 'Invalid request' });
  }
  if (err instanceof AppError) return reply.code(err.statusCode).send({ message: err.message });
  if (isDatabaseUnavailable(err)) {
    // the database is restarting or unreachable: say so at once; the pool reconnects by itself
    req.log.warn({ err }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: MSG.unavailable });
  }
  if (isUnstorableTextError(err)) return reply.code(400).send({ message: 'Invalid request' });
  const status = err.statusCode ?? 500;
  if (status === 429) return reply.code(429).send({ message: MSG.tooManyRequests });
  if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ message: MSG.serverError });
}
