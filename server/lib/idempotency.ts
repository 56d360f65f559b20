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
 *
 * A route whose work is one read and one statement (lib/unit-of-work.ts `StatementOfWork`) opts in
 * with `config: { idempotent: 'statement' }` instead: no transaction is opened (docs/performance.md
 * "Money in two round trips"). Its handler hands `statementKey(req, status, render)` (null without
 * a key) to the service, which reads the stored answer in its first read (`lookup`, then `check`:
 * a replay or a 409 ends the request there) and inserts the key WITH its answer in its statement
 * (`claim`), gated on the statement's own success, so the key and the money change commit together
 * and a refused request leaves no key. A duplicate racing the first waits on the key's primary key
 * inside its statement, inserts nothing (its money parts are gated on the claim too), fails, and is
 * then answered the first's stored answer (one more read, on that path only).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { errorAnswerSchema, idempotencyHeaders } from '@common/schemas/common';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import { inTransaction, type StatementOfWork, type UnitOfWork } from './unit-of-work';

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
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('invalid_idempotency_key');
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
      if (!first || first.requestHash !== idem.requestHash) throw new AppError('idempotency_key_reused');
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
    /**
     * Runs the handler once per `Idempotency-Key` (server/lib/idempotency.ts): `true` in one
     * transaction with the key; `'statement'` with the key in the service's read and statement.
     */
    idempotent?: boolean | 'statement';
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

/** Thrown by `StatementKey.check` to end a request with the stored answer (sent by the route's hook). */
class Replayed extends Error {
  constructor(readonly answer: Answer) {
    super('idempotent replay');
  }
}

/** The stored answer of `idem` as `lookup` reads it (jsonb), or null. */
interface StoredKey {
  requestHash: string;
  statusCode: number;
  body: unknown;
}

/** JSON text of an answer's body, BigInts as strings (as the route would send them). */
const bodyText = (body: unknown) =>
  JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';

/** The answer `stored` (a jsonb `lookup` value or a row) gives `idem`: throws the replay, or 409. */
function replayOrMismatch(idem: IdempotencyRequest, stored: StoredKey | null | undefined): void {
  if (!stored) return;
  if (stored.requestHash !== idem.requestHash) throw new AppError('idempotency_key_reused');
  throw new Replayed({ statusCode: stored.statusCode, body: stored.body });
}

/**
 * The `Idempotency-Key` of a one-statement request (route config `idempotent: 'statement'`), for
 * its service. `R` is what the service answers; `render(result)` is the body the route sends for it.
 */
export interface StatementKey<R> {
  /** A jsonb scalar subquery for the service's first read: the key's stored answer, or null. */
  readonly lookup: SQL<unknown>;
  /**
   * Call with the value `lookup` read, before anything else: throws the stored answer's replay
   * (the route's hook sends it) or AppError 409 when the key was used for another request.
   */
  check(found: unknown): void;
  /**
   * Adds to `stmt` the insert of the key with the answer for `result` (which the service must
   * answer unchanged), only when `gate` holds; answers the SQL condition "the key went in", which
   * must gate every change of the statement (a duplicate racing this one then changes nothing).
   */
  claim(stmt: StatementOfWork, gate: SQL, result: R): SQL;
}

interface KeyState {
  idem: IdempotencyRequest;
  /** The answer the service's statement or transaction stored with the key. */
  stored?: Answer;
}

const keyStates = new WeakMap<FastifyRequest, KeyState>();

/**
 * For the handler of an `idempotent: 'statement'` route: the request's key for its service (null
 * when the request has none), whose answer will be `statusCode` with `render(result)`. Throws (a
 * programming error, 500) on a route without that config.
 */
export function statementKey<R>(
  req: FastifyRequest,
  statusCode: number,
  render: (result: R) => unknown,
): StatementKey<R> | null {
  if (req.routeOptions.config.idempotent !== 'statement')
    throw new Error(`${req.routeOptions.url} is not a one-statement idempotent route`);
  const state = keyStates.get(req);
  if (!state) return null;
  const { idem } = state;
  const k = idempotencyKeys;
  const answerOf = (result: R): Answer => {
    const answer = { statusCode, body: JSON.parse(bodyText(render(result))) as unknown };
    state.stored = answer;
    return answer;
  };
  const values = (answer: Answer) =>
    sql`${idem.userId}::uuid, ${idem.key}::text, ${idem.requestHash}::text, ${answer.statusCode}::int,
      ${bodyText(answer.body)}::jsonb`;
  return {
    lookup: sql<unknown>`(select jsonb_build_object('requestHash', i.request_hash, 'statusCode', i.status_code,
      'body', i.body) from ${k} i where i.user_id = ${idem.userId}::uuid and i.key = ${idem.key}::text)`,
    check(found) {
      replayOrMismatch(idem, (typeof found === 'string' ? JSON.parse(found) : found) as StoredKey | null);
    },
    claim(stmt, gate, result) {
      const part = stmt.with(
        stmt.name('idempotency_key'),
        sql`insert into ${k} (user_id, key, request_hash, status_code, body)
          select ${values(answerOf(result))} where ${gate}
          on conflict do nothing returning key`,
        { materialized: true },
      );
      return sql`exists (select 1 from ${part})`;
    },
  };
}

/**
 * Runs the handler of an `idempotent: 'statement'` route: a replay its service found ends it with
 * the stored answer; a failure with a key looks the key up once (a duplicate that lost the race
 * answers the winner's stored answer); a success whose service stored no answer, or another one
 * than the route sends, stores it afterwards (a service bug, logged).
 */
async function runStatementRoute(
  db: Db,
  req: FastifyRequest,
  idem: IdempotencyRequest | null,
  handle: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const state: KeyState | undefined = idem ? { idem } : undefined;
  if (state) keyStates.set(req, state);
  try {
    const answer = await handle();
    if (state) {
      const same =
        state.stored?.statusCode === answer.statusCode &&
        canonical(state.stored.body) === canonical(JSON.parse(bodyText(answer.body)));
      if (!same) {
        req.log.error({ route: req.routeOptions.url }, 'idempotent answer not stored by its statement');
        await db
          .insert(idempotencyKeys)
          .values({ ...state.idem, statusCode: answer.statusCode, body: answer.body })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { statusCode: answer.statusCode, body: answer.body },
          });
      }
    }
    return { ...answer, replayed: false };
  } catch (err) {
    if (err instanceof Replayed) return { ...err.answer, replayed: true };
    if (!state) throw err;
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, state.idem.userId), eq(idempotencyKeys.key, state.idem.key)));
    try {
      replayOrMismatch(state.idem, first);
    } catch (found) {
      if (found instanceof Replayed) return { ...found.answer, replayed: true };
      throw found;
    }
    throw err;
  } finally {
    keyStates.delete(req);
  }
}

/** The signed-in user's id, as the guard (`onRequest`) set it; 401 without one. */
function userIdOf(req: FastifyRequest): string {
  if (!req.auth) throw new AppError('not_signed_in');
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
    if (route.config.idempotent === 'statement') {
      const direct: RouteHandlerMethod = async function (this: FastifyInstance, req, reply) {
        const answer = await runStatementRoute(
          this.ctx.database.db,
          req,
          idempotencyOf(req, userIdOf(req)),
          async () => {
            const body: unknown = await handler.call(this, req, reply);
            return { statusCode: reply.statusCode, body };
          },
        );
        return sendAnswer(reply, answer);
      };
      route.handler = direct;
      return;
    }
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
