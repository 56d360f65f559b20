/**
 * Database connection on one of two drivers: node-postgres when a URL is given, else embedded
 * PGlite (on disk in `dataDir`, or in memory). Migrations in server/db/migrations are applied on
 * open; on PostgreSQL under an advisory lock so several API processes can start at once.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
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
  /** Answers true when a trivial query succeeds (health probe). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Runs raw SQL on either driver and answers its rows as `T` (node-postgres answers `{rows}`,
 * PGlite through Drizzle may answer the rows themselves).
 */
export async function queryRows<T>(db: Pick<DbOrTx, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as T[];
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
 * prepared statements per client (PgBouncer: session pooling, or 1.21+ with max_prepared_statements).
 */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  if (config && typeof config === 'object' && !('submit' in config)) {
    const c = config as pg.QueryConfig;
    const params = Array.isArray(values) ? values : c.values;
    if (c.name === undefined && typeof c.text === 'string' && params && params.length > 0) {
      config = { ...c, name: statementName(c.text) };
    }
  }
  return plainQuery.call(this, config, values, callback);
} as typeof pg.Client.prototype.query;
const MIGRATION_LOCK = 724_011; // arbitrary advisory-lock key owned by this app

/**
 * Opens the database and applies pending migrations.
 * @param opts.url PostgreSQL URL; absent → PGlite in `opts.dir` (a folder path, or undefined for memory).
 */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      Client: PreparingClient,
    });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const client = opts.dir ? new PGlite(opts.dir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
