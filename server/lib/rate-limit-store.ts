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
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** A row of the upsert or the read: the window's count and what is left of it (ms). */
export type Hits = { hits: number; ttl: number };

/**
 * The upsert behind `countHit` and `countHitBelow`: adds one to `key`'s count in a fixed window of
 * `windowMs` that starts with the first hit (a new window once the old one has ended); with `max`,
 * only while the running window's count is below it. Answers the row, or none when `max` refused.
 */
function upsertHit(db: Db, key: string, windowMs: number, max?: number): Promise<Hits[]> {
  const t = rateLimitHits;
  const below = max === undefined ? sql`` : sql`where ${t.resetAt} <= now() or ${t.hits} < ${max}`;
  return queryRows<Hits>(
    db,
    sql`insert into ${t} (key, hits, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when ${t.resetAt} <= now() then 1 else ${t.hits} + 1 end,
        reset_at = case when ${t.resetAt} <= now() then excluded.reset_at else ${t.resetAt} end
        ${below}
      returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`,
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

/**
 * Starts a window of `windowMs` for `key` unless one is running. Answers true when this call
 * started it (so exactly one caller, e.g. the one that locks an account, acts on it).
 */
export async function startWindow(db: Db, key: string, windowMs: number): Promise<boolean> {
  const t = rateLimitHits;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into ${t} (key, hits, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set hits = 1, reset_at = excluded.reset_at
        where ${t.resetAt} <= now()
      returning key`,
  );
  return rows.length > 0;
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
