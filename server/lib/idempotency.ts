/**
 * `Idempotency-Key` for money-moving POSTs (docs/architecture.md, "How a request flows"). The key,
 * the user and a hash of the route and payload are stored with the first answer IN THE SAME
 * TRANSACTION as the money change:
 * - same key, same payload → the first answer again (header `Idempotent-Replayed: true`);
 * - same key, different payload (or route) → 409;
 * - a request that fails (4xx) stores nothing, so a retry runs again.
 * A concurrent duplicate waits on the key's primary key until the first commits, then replays it.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { MONEY_MSG } from '@common/messages';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import { inTransaction, type UnitOfWork } from './unit-of-work';

export interface Answer {
  statusCode: number;
  body: unknown;
}

export interface IdempotencyRequest {
  key: string;
  userId: string;
  /** Hash of method, route and payload. */
  requestHash: string;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted at every level, so equal payloads hash equally. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : typeof v === 'bigint'
        ? v.toString()
        : v,
  );
}

/**
 * Reads the `Idempotency-Key` header of a request by `userId`. Answers null without the header.
 * Throws AppError 400 for a malformed key.
 */
export function idempotencyOf(req: FastifyRequest, userId: string): IdempotencyRequest | null {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY.test(header))
    throw new AppError('BAD_REQUEST', MONEY_MSG.invalidIdempotencyKey);
  const requestHash = createHash('sha256')
    .update(
      canonical({ method: req.method, route: req.routeOptions.url, params: req.params, body: req.body }),
    )
    .digest('hex');
  return { key: header, userId, requestHash };
}

/**
 * Runs `work` in one transaction with the idempotency record (when `idem` is given) and answers
 * `{ statusCode, body, replayed }`. Throws AppError 409 when the key was used for another request.
 */
export async function runIdempotent(
  db: Db,
  log: FastifyBaseLogger,
  idem: IdempotencyRequest | null,
  work: (uow: UnitOfWork) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (!idem) return { ...(await inTransaction(db, log, work)), replayed: false };
  // A replay must not run the after-commit tasks again: they are queued only by fresh work.
  return inTransaction(db, log, async (uow) => {
    const claimed = await uow.tx
      .insert(idempotencyKeys)
      .values({
        userId: idem.userId,
        key: idem.key,
        requestHash: idem.requestHash,
        statusCode: 0,
        body: sql`'null'::jsonb`,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const where = and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.key, idem.key));
    if (claimed.length === 0) {
      const [first] = await uow.tx.select().from(idempotencyKeys).where(where);
      if (!first || first.requestHash !== idem.requestHash)
        throw new AppError('CONFLICT', MONEY_MSG.idempotencyMismatch);
      return { statusCode: first.statusCode, body: first.body, replayed: true };
    }
    const answer = await work(uow);
    await uow.tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, body: answer.body })
      .where(where);
    return { ...answer, replayed: false };
  });
}

/** Sends an answer of `runIdempotent`, marking a replay with `Idempotent-Replayed: true`. */
export function sendAnswer(reply: FastifyReply, answer: Answer & { replayed: boolean }) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}
