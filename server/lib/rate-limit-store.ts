/**
 * A store for @fastify/rate-limit that keeps the counts in the database (table `rate_limit_hits`),
 * so every API process behind the proxy counts against the same limit: with the library's default
 * in-memory store, N processes allowed N times the limit (docs/deployment.md).
 *
 * One statement per limited request (sign-in, codes, password reset, contact, support): an upsert
 * that starts a new window when the old one has ended, else adds one. Windows are fixed, like the
 * library's own store: `ttl` is what is left of the window (ms). The library calls `child` once per
 * route, so each route counts separately. Housekeeping deletes ended windows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** A row of the upsert or the read: the window's count and what is left of it (ms). */
export type Hits = { hits: number; ttl: number };

/**
 * The upsert behind `countHit`, `countHitBelow` and `reserveHit`, as SQL: adds one to `key`'s count
 * in a fixed window of `windowMs` that starts with the first hit (a new window once the old one has
 * ended); with `max`, only while the running window's count is below it; only when `gate` (an SQL
 * boolean) holds. Returns the row (`hits`, `ttl`), or none when `max` or `gate` refused. One
 * statement: concurrent callers wait on the row and each sees the count the one before left.
 * Usable as a CTE of a caller's statement (withdrawals/request.ts).
 */
export function hitUpsert(key: string, windowMs: number, max?: number, gate: SQL = sql`true`): SQL {
  const t = rateLimitHits;
  const below = max === undefined ? sql`` : sql`where ${t.resetAt} <= now() or ${t.hits} < ${max}`;
  return sql`insert into ${t} (key, hits, reset_at)
      select ${key}, 1, now() + make_interval(secs => ${windowMs / 1000}) where ${gate}
      on conflict (key) do update set
        hits = case when ${t.resetAt} <= now() then 1 else ${t.hits} + 1 end,
        reset_at = case when ${t.resetAt} <= now() then excluded.reset_at else ${t.resetAt} end
        ${below}
      returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`;
}

function upsertHit(db: Db, key: string, windowMs: number, max?: number): Promise<Hits[]> {
  return queryRows<Hits>(db, hitUpsert(key, windowMs, max));
}

/**
 * Reserves one attempt of `key` before it is checked (docs/security.md "Throttling"): adds one to
 * the count only while it is below `max`, in one statement, so concurrent callers on any number of
 * processes never reserve more than `max` in a window. Answers the count including this attempt
 * (1..max), or null when `max` were already counted (nothing written).
 */
export async function reserveHit(db: Db, key: string, windowMs: number, max: number): Promise<number | null> {
  const [row] = await upsertHit(db, key, windowMs, max);
  return row ? row.hits : null;
}

/**
 * Gives back one attempt reserved by `reserveHit` (a check that passed): takes one off the running
 * window's count, never below zero; nothing when the window has ended or was cleared.
 */
export async function releaseHit(db: Db, key: string): Promise<void> {
  const t = rateLimitHits;
  await queryRows(
    db,
    sql`update ${t} set hits = greatest(${t.hits} - 1, 0) where key = ${key} and ${t.resetAt} > now()`,
  );
}

/**
 * Keeps `key`'s running window open for at least `windowMs` from now (a lock that starts with the
 * failure that filled the budget); nothing when no window is running.
 */
export async function extendWindow(db: Db, key: string, windowMs: number): Promise<void> {
  const t = rateLimitHits;
  await queryRows(
    db,
    sql`update ${t} set reset_at = greatest(${t.resetAt}, now() + make_interval(secs => ${windowMs / 1000}))
      where key = ${key} and ${t.resetAt} > now()`,
  );
}

/** Adds one to `key`'s count (window as in `upsertHit`); answers the count and the ms left of the window. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hits> {
  const [row] = await upsertHit(db, key, windowMs);
  return row!;
}

/**
 * Adds one to `key`'s count only while it is below `max`: answers false, writing nothing, once `max`
 * were counted in the running window. Atomic, so concurrent callers never pass `max` together.
 */
export async function countHitBelow(db: Db, key: string, windowMs: number, max: number): Promise<boolean> {
  return (await upsertHit(db, key, windowMs, max)).length > 0;
}

/** `key`'s count and the ms left of its window, without adding to it (0 and 0 when it has ended). */
export async function peekHits(db: DbOrTx, key: string): Promise<Hits> {
  const t = rateLimitHits;
  const [row] = await queryRows<Hits>(
    db,
    sql`select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl
      from ${t} where key = ${key} and ${t.resetAt} > now()`,
  );
  return row ?? { hits: 0, ttl: 0 };
}

/** Ends `key`'s window at once (its count starts again from zero). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await queryRows(db, sql`delete from ${rateLimitHits} where key = ${key}`);
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/** The route a `child` call is for: the library passes its merged settings with `routeInfo`. */
function routeOf(params: unknown): RouteInfo | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const p = params as { routeInfo?: RouteInfo } & RouteInfo;
  return p.routeInfo ?? p;
}

/** Answers the store class to pass as @fastify/rate-limit's `store` option. */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    /** "<METHOD> <url>|" of the route this store counts for ("" for the plugin's root store). */
    private readonly prefix: string;

    constructor(params?: unknown) {
      const route = routeOf(params);
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.prefix = route?.url ? `${method} ${route.url}|` : '';
    }

    child(params: unknown) {
      return new DatabaseRateLimitStore(params);
    }

    /** Counts one request of `key` in its window of `timeWindow` ms. */
    incr(key: string, cb: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow)
        .then((row) => cb(null, { current: row.hits, ttl: row.ttl }))
        .catch((err: Error) => cb(err));
    }

    /** The count of `key` without adding to it (0 when its window has ended). */
    read(key: string, cb: Callback): void {
      peekHits(db, this.prefix + key)
        .then((row) => cb(null, { current: row.hits, ttl: row.ttl }))
        .catch((err: Error) => cb(err));
    }
  };
}
