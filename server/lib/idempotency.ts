/**
 * `Idempotency-Key` for money-moving POSTs (docs/architecture.md, "How a request flows"). The key,
 * the user and a hash of the route and payload are stored with the first answer IN THE SAME
 * STATEMENT OR TRANSACTION as the money change:
 * - same key, same payload → the first answer again (header `Idempotent-Replayed: true`);
 * - same key, different payload (or route) → 409;
 * - a request that fails (4xx) stores nothing, so a retry runs again.
 *
 * A route opts in with `config: { idempotent: true }`; `idempotentRoutes` (an `onRoute` hook added
 * once in app.ts) then adds the `Idempotency-Key` header schema and the 409 answer, and runs the
 * handler with the request's key. One key mechanism, used two ways by the handler:
 * - **In one statement** (lib/unit-of-work.ts `StatementOfWork`; docs/performance.md "Money in two
 *   round trips"): the handler hands `statementKey(req, status, render)` (null without a key) to the
 *   service, which reads the stored answer in its first read (`lookup`, then `check`: a replay or a
 *   409 ends the request there) and inserts the key WITH its answer in its statement (`claim`),
 *   gated on the statement's own success, so the key and the money change commit together.
 * - **In one transaction** (a route whose check needs one: four-eyes takes a lock and sums inside
 *   it): the handler runs its work in `keyedTransaction(req, reply, work)`, which reads the stored
 *   answer first (the same `lookup` and `check`, before BEGIN: a replay opens no transaction) and
 *   inserts the key with the answer at the end of the work, in its transaction (the same `claim`).
 *
 * Either way a duplicate racing the first waits on the key's primary key at its claim, inserts
 * nothing, rolls back (a statement's other parts are gated on the claim; a transaction is ended by
 * the failed claim), and is then answered the first's stored answer (one more read, on that path
 * only). A replay runs no after-commit task: only fresh work queues them, and it never commits.
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
import { queryRows, type Db } from '../db/client';
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

/** Sends an answer of an idempotent route, marking a replay with `Idempotent-Replayed: true`. */
export function sendAnswer(reply: FastifyReply, answer: Answer & { replayed: boolean }) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Runs the handler once per `Idempotency-Key` (server/lib/idempotency.ts): the handler stores
     * its answer with `statementKey` (in the service's statement) or `keyedTransaction`.
     */
    idempotent?: true;
  }
}

const keyReused = errorAnswerSchema.describe('The Idempotency-Key was used for another request');

/** Thrown by `StatementKey.check` to end a request with the stored answer (sent by the route's hook). */
class Replayed extends Error {
  constructor(readonly answer: Answer) {
    super('idempotent replay');
  }
}

/** Thrown by `keyedTransaction` when its claim found the key taken: the transaction rolls back. */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken by a request that committed first');
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
 * The `Idempotency-Key` of a request, for its service. `R` is what the service answers;
 * `render(result)` is the body the route sends for it.
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

/** What the route's hook keeps for the handler of one idempotent request. */
interface KeyState {
  db: Db;
  log: FastifyBaseLogger;
  /** The request's key; null when it sent none. */
  idem: IdempotencyRequest | null;
  /** The answer the service's statement or the keyed transaction stored with the key. */
  stored?: Answer;
}

const keyStates = new WeakMap<FastifyRequest, KeyState>();

/** The state of `req`; throws (a programming error, 500) on a route without `idempotent: true`. */
function stateOf(req: FastifyRequest): KeyState {
  const state = keyStates.get(req);
  if (!state) throw new Error(`${req.routeOptions.url} is not an idempotent route`);
  return state;
}

/** The one key mechanism of `idem`: `lookup`, `check`, and `claim` of an answer (see `StatementKey`). */
function keyOf(state: KeyState, idem: IdempotencyRequest) {
  const k = idempotencyKeys;
  return {
    lookup: sql<unknown>`(select jsonb_build_object('requestHash', i.request_hash, 'statusCode', i.status_code,
      'body', i.body) from ${k} i where i.user_id = ${idem.userId}::uuid and i.key = ${idem.key}::text)`,
    check(found: unknown): void {
      replayOrMismatch(idem, (typeof found === 'string' ? JSON.parse(found) : found) as StoredKey | null);
    },
    /** The insert of the key with `answer` when `gate` holds, answering `key` when it went in. */
    claim(answer: Answer, gate: SQL): SQL {
      const stored = { statusCode: answer.statusCode, body: JSON.parse(bodyText(answer.body)) as unknown };
      state.stored = stored;
      return sql`insert into ${k} (user_id, key, request_hash, status_code, body)
        select ${idem.userId}::uuid, ${idem.key}::text, ${idem.requestHash}::text, ${stored.statusCode}::int,
          ${bodyText(stored.body)}::jsonb where ${gate}
        on conflict do nothing returning key`;
    },
  };
}

/**
 * For the handler of an idempotent route whose service works in one statement: the request's key
 * for its service (null when the request has none), whose answer will be `statusCode` with
 * `render(result)`. Throws (a programming error, 500) on a route without `idempotent: true`.
 */
export function statementKey<R>(
  req: FastifyRequest,
  statusCode: number,
  render: (result: R) => unknown,
): StatementKey<R> | null {
  const state = stateOf(req);
  if (!state.idem) return null;
  const key = keyOf(state, state.idem);
  return {
    lookup: key.lookup,
    check: key.check,
    claim(stmt, gate, result) {
      const part = stmt.with(
        stmt.name('idempotency_key'),
        key.claim({ statusCode, body: render(result) }, gate),
        {
          materialized: true,
        },
      );
      return sql`exists (select 1 from ${part})`;
    },
  };
}

/**
 * For the handler of an idempotent route whose work needs a transaction (four-eyes' lock and sum):
 * runs `work` in one transaction (a unit of work) and answers its body, the route's answer being
 * `reply.statusCode` (set by `work`) with that body. With a key, the stored answer is read first
 * (a replay or the 409 ends the request there, before BEGIN) and the key is inserted with the
 * answer at the end of `work`, in its transaction; a key taken meanwhile by a duplicate that
 * committed first rolls the work back and the route's hook answers the duplicate's stored answer.
 * Throws what `work` throws; (a programming error, 500) on a route without `idempotent: true`.
 */
export async function keyedTransaction<B>(
  req: FastifyRequest,
  reply: FastifyReply,
  work: (uow: UnitOfWork) => Promise<B>,
): Promise<B> {
  const state = stateOf(req);
  const { db, log, idem } = state;
  if (!idem) return inTransaction(db, log, work);
  const key = keyOf(state, idem);
  const [found] = await queryRows<{ v: unknown }>(db, sql`select ${key.lookup} as v`);
  key.check(found?.v ?? null);
  return inTransaction(db, log, async (uow) => {
    const body = await work(uow);
    const claimed = await queryRows(uow.tx, key.claim({ statusCode: reply.statusCode, body }, sql`true`));
    if (claimed.length === 0) throw new KeyTaken();
    return body;
  });
}

/**
 * Runs the handler of an idempotent route: a replay its service found ends it with the stored
 * answer; a failure with a key looks the key up once (a duplicate that lost the race answers the
 * winner's stored answer); a success whose handler stored no answer, or another one than the route
 * sends, stores it afterwards (a handler bug, logged).
 */
async function runKeyedRoute(
  req: FastifyRequest,
  state: KeyState,
  handle: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const { db, idem } = state;
  keyStates.set(req, state);
  try {
    const answer = await handle();
    if (idem) {
      const same =
        state.stored?.statusCode === answer.statusCode &&
        canonical(state.stored.body) === canonical(JSON.parse(bodyText(answer.body)));
      if (!same) {
        req.log.error({ route: req.routeOptions.url }, 'idempotent answer not stored with its change');
        await db
          .insert(idempotencyKeys)
          .values({ ...idem, statusCode: answer.statusCode, body: answer.body })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { statusCode: answer.statusCode, body: answer.body },
          });
      }
    }
    return { ...answer, replayed: false };
  } catch (err) {
    if (err instanceof Replayed) return { ...err.answer, replayed: true };
    if (!idem) throw err;
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.key, idem.key)));
    try {
      replayOrMismatch(idem, first);
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
    const keyed: RouteHandlerMethod = async function (this: FastifyInstance, req, reply) {
      const state = { db: this.ctx.database.db, log: req.log, idem: idempotencyOf(req, userIdOf(req)) };
      const answer = await runKeyedRoute(req, state, async () => {
        const body: unknown = await handler.call(this, req, reply);
        return { statusCode: reply.statusCode, body };
      });
      return sendAnswer(reply, answer);
    };
    route.handler = keyed;
  });
}
