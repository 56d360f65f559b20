/**
 * Database connection on one of two drivers: node-postgres when a URL is given, else embedded
 * PGlite (on disk in `dataDir`, or in memory). Migrations in server/db/migrations are applied on
 * open; on PostgreSQL under an advisory lock so several API processes can start at once.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { MIGRATIONS_DIR } from '../paths';
import { traceStatement } from '../lib/tracing';
import { errorChain } from './error-chain';
import { ownNotifications, startListener, type Listener, type ListenerHandlers } from './listener';
import * as schema from './schema';

export { schema };
/** One type for both drivers: their query builders are the same PgDatabase API. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, passed explicitly to every query that must be part of it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the root handle or a transaction: what service functions accept. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Answers whether a trivial query succeeds within 2 s (health probe), and when not, why (the
   * error's message, e.g. "connect ECONNREFUSED 127.0.0.1:5432").
   */
  ping(): Promise<{ up: boolean; reason?: string }>;
  /** Connections in use, idle, and requests waiting for one (PostgreSQL; zeros on PGlite). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * Calls `listener` with every error of a connection that no query was waiting on (a connection
   * the server closed: a restart, a fail-over, `pg_terminate_backend`). Such errors are always
   * caught here, so they never crash the process; the pool replaces the connection.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /**
   * Runs `query` and answers its rows (raw: the column names and the drivers' own types, e.g. int8
   * as text on PostgreSQL) in batches of up to `batchSize`, as the caller asks for them. On
   * PostgreSQL a server-side cursor on a connection of its own reads one batch at a time, so an
   * export of any length holds one batch in memory; the connection goes back to the pool when the
   * iteration ends, fails or is abandoned. On PGlite the rows are read at once and then sliced: the
   * embedded database has one connection, and a cursor would hold it (and every other request) for
   * as long as a slow client takes to download.
   */
  streamRows<T>(query: SQL, batchSize?: number): AsyncIterable<T[]>;
  /**
   * Listens for NOTIFY on `channel` (a plain lower-case identifier) on a connection of its own,
   * outside the pool, re-opened with back-off when it drops (server/db/listener.ts); its errors go
   * to the `onConnectionError` listeners. A notification sent by this process's own pool arrives
   * before the statement that sent it completes (`ownNotifications`), and again on the listener.
   * `onReset(false)` says messages may be missed from now on, `onReset(true)` that listening
   * resumed (some may have been missed in between). Answers null on PGlite: one process owns the
   * embedded database, so there is nobody to hear from. The caller closes the answer.
   */
  listen(channel: string, handlers: ListenerHandlers): Listener | null;
  close(): Promise<void>;
}

const dialect = new PgDialect();
/** Rows a streamed query reads per round trip by default. */
const STREAM_BATCH = 500;

/** The pool settings of a PostgreSQL connection (config.ts: DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS). */
export interface PoolSettings {
  /** Connections at most; default 10. */
  size?: number;
  /** The longest a statement may run (ms) before PostgreSQL cancels it; 0 = no limit; default 30 s. */
  statementTimeoutMs?: number;
}

/** How long a request waits for a connection before it fails (and answers 503), ms. */
const CONNECT_TIMEOUT_MS = 3_000;
/** How long the health probe waits for its query, ms. */
const PING_TIMEOUT_MS = 2_000;

/**
 * Runs raw SQL on either driver and answers its rows as `T` (node-postgres answers `{rows}`,
 * PGlite through Drizzle may answer the rows themselves).
 */
export async function queryRows<T>(db: Pick<DbOrTx, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as T[];
}

/**
 * How many more times `againOnDeadlock` runs a statement that lost a deadlock. Five duplicates of
 * one request racing on a machine loaded 20 deep once saw one of them lose three times in a row
 * (server/modules/withdrawals/deadlock.test.ts); a rerun costs one statement.
 */
const DEADLOCK_RERUNS = 4;

/**
 * Runs `work`, ONE statement that commits on its own (never one inside a transaction: the
 * transaction is lost with it), and runs it again, up to DEADLOCK_RERUNS more times, when
 * PostgreSQL ends it as a deadlock's victim (SQLSTATE 40P01). Nothing of a victim is kept, so the
 * same statement may simply be sent again, as PostgreSQL's documentation on deadlocks advises.
 * Any other error, or a deadlock past the last rerun, is thrown.
 */
export async function againOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let rerun = 0; ; rerun++) {
    try {
      return await work();
    } catch (err) {
      if (rerun >= DEADLOCK_RERUNS || !isDeadlock(err)) throw err;
    }
  }
}

/** True when `err` (or its `cause`, as Drizzle wraps driver errors) is PostgreSQL's 40P01. */
function isDeadlock(err: unknown): boolean {
  return errorChain(err).some((e) => e.code === '40P01');
}

/**
 * Sends the SQL text `text` with its positional parameters (`$1` …) on `conn` (the pool, or a
 * transaction) and answers its rows; with parameters it goes as a named prepared statement, as
 * every query does (below). For a caller that builds its own text once per shape
 * (lib/unit-of-work.ts `StatementOfWork`): the one place outside Drizzle that uses its session.
 */
export async function queryText<T>(conn: DbOrTx, text: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await conn._.session
    .prepareQuery({ sql: text, params }, undefined, undefined, false)
    .execute();
  return ((result as { rows?: unknown[] }).rows ?? result) as T[];
}

const statementNames = new Map<string, string>();
/** A stable name per SQL text (`s_` + 24 hex chars of its SHA-1); remembered for the 10,000 latest texts. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= 10_000) statementNames.clear();
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that sends every query with parameters as a named prepared statement
 * (named by the hash of its text): PostgreSQL then parses and plans each distinct statement once
 * per connection instead of on every call. `npm run bench` measured the dashboard's reads at about
 * five times the database time when planned afresh each call (docs/performance.md). Queries without
 * parameters (BEGIN, COMMIT, migrations) go as before. A pooler in front of PostgreSQL must keep
 * prepared statements per client, and `listen` needs a session of its own: PgBouncer in session
 * pooling mode.
 */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  if (statementListeners.size > 0) {
    sent(typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '(cursor)'));
  }
  if (config && typeof config === 'object' && !('submit' in config)) {
    const c = config as pg.QueryConfig;
    const params = Array.isArray(values) ? values : c.values;
    if (c.name === undefined && typeof c.text === 'string' && params && params.length > 0) {
      config = { ...c, name: statementName(c.text) };
    }
  }
  const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
  return text === undefined
    ? plainQuery.call(this, config, values, callback)
    : traceStatement(text, () => plainQuery.call(this, config, values, callback));
} as typeof pg.Client.prototype.query;
const MIGRATION_LOCK = 724_011;

const statementListeners = new Set<(text: string) => void>();
function sent(text: string): void {
  for (const listener of statementListeners) listener(text);
}

/**
 * Calls `listener` with the SQL text of every statement this process sends to the database from
 * now on, on either driver (each a round trip: a transaction's BEGIN and COMMIT count as one
 * each). For tests that count what a request costs (server/modules/deposits/round-trips.test.ts).
 * Answers the function that stops it.
 */
export function onStatement(listener: (text: string) => void): () => void {
  statementListeners.add(listener);
  return () => statementListeners.delete(listener);
}

/** Makes a PGlite handle report its statements to the `onStatement` listeners (transactions too). */
function reportStatements(client: PGlite): void {
  type Query = PGlite['query'];
  type Exec = PGlite['exec'];
  const wrap = <F extends Query | Exec>(run: F): F =>
    ((text: string, ...rest: unknown[]) => {
      if (statementListeners.size > 0) sent(text);
      return traceStatement(text, () => (run as (...args: unknown[]) => unknown)(text, ...rest));
    }) as F;
  const transaction = client.transaction.bind(client);
  client.query = wrap(client.query.bind(client));
  client.exec = wrap(client.exec.bind(client));
  client.transaction = ((work: Parameters<PGlite['transaction']>[0]) => {
    if (statementListeners.size > 0) sent('BEGIN');
    return transaction((tx) => {
      tx.query = wrap(tx.query.bind(tx));
      tx.exec = wrap(tx.exec.bind(tx));
      return work(tx);
    }).finally(() => {
      if (statementListeners.size > 0) sent('COMMIT');
    });
  }) as PGlite['transaction'];
} // arbitrary advisory-lock key owned by this app

/**
 * Opens the database and applies pending migrations.
 * @param opts.url PostgreSQL URL (a host, or a Unix socket folder: `?host=/var/run/postgresql`);
 *   absent → PGlite in `opts.dir` (a folder path, or undefined for memory).
 * @param opts.pool PostgreSQL pool settings.
 * @param opts.image PGlite only: a data directory saved by PGlite's `dumpDataDir` to start from
 *   (the test harness starts each test file's database from one migrated image,
 *   server/test/database-template.ts); the migrations still run, and apply whatever it lacks.
 */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  pool?: PoolSettings;
  image?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const listeners: Array<(err: Error) => void> = [];
    const report = (err: Error) => {
      for (const listener of listeners) listener(err);
    };
    const statementTimeout = opts.pool?.statementTimeoutMs ?? 30_000;
    const own = ownNotifications();
    const pool = new pg.Pool({
      onConnect: (client) => own.onConnect(client),
      connectionString: opts.url,
      max: opts.pool?.size ?? 10,
      Client: PreparingClient,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(statementTimeout > 0 && { statement_timeout: statementTimeout }),
      keepAlive: true,
    });
    // An idle connection the server closes emits `error` on the pool; a checked-out one emits it on
    // its client when no query is running. Either, unhandled, would end the process.
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      // closed, not kept idle: every later connection of the pool LISTENs on the channels of
      // `listen` (ownNotifications)
      lockClient.release(true);
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onConnectionError: (listener) => listeners.push(listener),
      listen(channel, handlers) {
        const stopOwn = own.add(channel, (payload) => handlers.onMessage(payload));
        const listener = startListener(opts.url!, channel, handlers, report);
        return {
          get listening() {
            return listener.listening;
          },
          async close() {
            stopOwn();
            await listener.close();
          },
        };
      },
      async *streamRows<T>(query: SQL, batchSize = STREAM_BATCH) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        const client = await pool.connect();
        const cursor = client.query(new Cursor<T>(text, params));
        let broken: Error | undefined;
        try {
          for (;;) {
            const rows = await cursor.read(batchSize);
            if (rows.length === 0) return;
            yield rows;
          }
        } catch (err) {
          broken = err as Error;
          throw err;
        } finally {
          await cursor.close().catch(() => undefined);
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  // pg_trgm: the admin searches' trigram indexes (migration users_list_indexes)
  const client = new PGlite({ dataDir: opts.dir, loadDataDir: opts.image, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  reportStatements(client);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    ping: () => ping(db as unknown as Db),
    poolStats: () => ({ total: 0, idle: 0, waiting: 0 }),
    onConnectionError: () => undefined,
    listen: () => null,
    async *streamRows<T>(query: SQL, batchSize = STREAM_BATCH) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const { rows } = await client.query<T>(text, params);
      for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
    },
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<{ up: boolean; reason?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return { up: true };
  } catch (err) {
    return { up: false, reason: databaseErrorText(err) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SQLSTATEs that mean the database cannot serve us right now, whatever the statement: class 08
 * (connection exceptions), 53300 (too many connections), 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down, in recovery), 57P04 the database
 * was dropped, 57P05 an idle session ended by the server. 57014 (a statement cancelled: our
 * statement timeout, or an operator's pg_cancel_backend) is not among them: it is about that
 * statement, which would time out again, so it stays a 500 that is logged as an error.
 */
const UNAVAILABLE_STATES = /^(08|53300$|57P0[1-5]$)/;
/**
 * 55000 (object not in prerequisite state) means unavailable only with these messages: a database
 * that refuses connections (`ALLOW_CONNECTIONS false`, as during maintenance) or a server still in
 * recovery. Raised by anything else (a sequence's currval before nextval, say) it is a bug: 500.
 */
const UNAVAILABLE_55000 = /not currently accepting connections|recovery is in progress|in recovery/i;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
]);
const UNAVAILABLE_TEXT =
  /^connect E[A-Z]+ |Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end|^PGlite is clos(ed|ing)$/i;

/**
 * True when `err` (or its `cause`, as drizzle wraps driver errors) says the database cannot be
 * reached right now: refused or lost connections, the SQLSTATEs above (a server shutting down,
 * starting up or in recovery, a database that refuses connections, too many connections), no free
 * connection in time, an embedded database (PGlite) already closed. The error handler answers 503
 * with Retry-After for these (lib/error-handler.ts, docs/operations.md "Database faults");
 * everything else stays a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return errorChain(err).some(
    ({ code, message }) =>
      UNAVAILABLE_CODES.has(code) ||
      UNAVAILABLE_STATES.test(code) ||
      (code === '55000' && UNAVAILABLE_55000.test(message)) ||
      UNAVAILABLE_TEXT.test(message),
  );
}

/** The innermost message of a driver error (drizzle wraps it as `cause`). */
function databaseErrorText(err: unknown): string {
  let e = err as { message?: unknown; cause?: unknown } | undefined;
  while (e?.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return typeof e?.message === 'string' && e.message ? e.message : String(err);
}
