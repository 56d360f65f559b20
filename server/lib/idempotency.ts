/**
 * `Idempotency-Key` for money-moving POSTs (docs/architecture.md, "How a request flows"). The key,
 * the user and a hash of the route and payload are stored with the first answer IN THE SAME
 * TRANSACTION as the money change:
 * - same key, same payload → the first answer again (header `Idempotent-Replayed: true`);
 * - same key, different payload (or route) → 409;
 * - a request that fails (4xx) stores nothing, so a retry runs again.
 * A concurrent duplicate waits on the key's primary key until the first commits, then replays it.
 *
 * A route opts in with `config: { idempotent: true }`; `idempotentRoutes` (an `onRoute` hook added
 * once in app.ts) then adds the `Idempotency-Key` header schema and runs the handler in one
 * transaction with the key. The handler reads that transaction with `unitOfWork(req)`, sets its
 * status with `reply.code(…)` and returns the body; the hook stores and sends it.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { MONEY_MSG } from '@common/messages';
import { errorAnswerSchema, idempotencyHeaders } from '@common/schemas/common';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Runs the handler once per `Idempotency-Key` (server/lib/idempotency.ts). */
    idempotent?: boolean;
  }
}

const keyReused = errorAnswerSchema.describe('The Idempotency-Key was used for another request');

const units = new WeakMap<FastifyRequest, UnitOfWork>();

/**
 * The unit of work an idempotent route's handler runs in (one transaction with the key's record).
 * Throws (a programming error, 500) on a route without `config: { idempotent: true }`.
 */
export function unitOfWork(req: FastifyRequest): UnitOfWork {
  const uow = units.get(req);
  if (!uow) throw new Error(`${req.routeOptions.url} is not an idempotent route`);
  return uow;
}

/** The signed-in user's id, as the guard (`onRequest`) set it; 401 without one. */
function userIdOf(req: FastifyRequest): string {
  if (!req.auth) throw new AppError('UNAUTHORIZED');
  return req.auth.user.id;
}

/**
 * Adds an `onRoute` hook to `app` that turns every route with `config.idempotent` into an
 * idempotent one (see above), with the 409 answer unless the route declares its own. Add it
 * before any route is registered. The database is read from `app.ctx` when a request comes.
 */
export function idempotentRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<number, unknown>;
    route.schema = {
      ...schema,
      headers: schema.headers ?? idempotencyHeaders,
      response: { ...response, 409: response[409] ?? keyReused },
    };
    const handler = route.handler;
    const wrapped: RouteHandlerMethod = async function (this: FastifyInstance, req, reply) {
      const answer = await runIdempotent(
        this.ctx.database.db,
        req.log,
        idempotencyOf(req, userIdOf(req)),
        async (uow) => {
          units.set(req, uow);
          try {
            const body: unknown = await handler.call(this, req, reply);
            return { statusCode: reply.statusCode, body };
          } finally {
            units.delete(req);
          }
        },
      );
      return sendAnswer(reply, answer);
    };
    route.handler = wrapped;
  });
}
