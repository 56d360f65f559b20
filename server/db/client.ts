/**
 * Database connection on one of two drivers (DESIGN.md §2 "Data"): node-postgres when a URL is
 * given, else embedded PGlite (on disk in `dataDir`, or in memory). Migrations in ./migrations are
 * applied on open; on PostgreSQL under an advisory lock so several API processes can start at once.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 724_011; // arbitrary advisory-lock key owned by this app

/**
 * Opens the database and applies pending migrations.
 * @param opts.url PostgreSQL URL; absent → PGlite in `opts.dir` (a folder path, or undefined for memory).
 */
export async function openDatabase(opts: { url?: string; dir?: string; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
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
  await migratePglite(db, { migrationsFolder });
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
