/**
 * A store for @fastify/rate-limit that keeps the counts in the database (table `rate_limit_hits`),
 * so every API process behind the proxy counts against the same limit: with the library's default
 * in-memory store, N processes allowed N times the limit (issue 7 §5; docs/deployment.md).
 *
 * One statement per limited request (sign-in, codes, password reset, contact, support): an upsert
 * that starts a new window when the old one has ended, else adds one. Windows are fixed, like the
 * library's own store: `ttl` is what is left of the window (ms). The library calls `child` once per
 * route, so each route counts separately. Housekeeping deletes ended windows.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** A row of the upsert or the read: the window's count and what is left of it (ms). */
type Hits = { hits: number; ttl: number };

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
      const t = rateLimitHits;
      queryRows<Hits>(
        db,
        sql`insert into ${t} (key, hits, reset_at)
          values (${this.prefix + key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
          on conflict (key) do update set
            hits = case when ${t.resetAt} <= now() then 1 else ${t.hits} + 1 end,
            reset_at = case when ${t.resetAt} <= now() then excluded.reset_at else ${t.resetAt} end
          returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl`,
      )
        .then(([row]) => {
          cb(null, { current: row!.hits, ttl: row!.ttl });
        })
        .catch((err: Error) => cb(err));
    }

    /** The count of `key` without adding to it (0 when its window has ended). */
    read(key: string, cb: Callback): void {
      const t = rateLimitHits;
      queryRows<Hits>(
        db,
        sql`select hits, greatest(0, extract(epoch from reset_at - now()) * 1000)::int as ttl
          from ${t} where key = ${this.prefix + key} and ${t.resetAt} > now()`,
      )
        .then(([row]) => {
          cb(null, row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 });
        })
        .catch((err: Error) => cb(err));
    }
  };
}
