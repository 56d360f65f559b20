/**
 * The request guard's session cache (docs/performance.md "Session cache"): session token → the
 * session's user row, id, last use and expiry, kept in this process for at most 30 s and 10,000
 * sessions (the oldest stored goes first), so a request that presents a known token needs no query.
 *
 * Revocation reaches every process at once through PostgreSQL: triggers (migration
 * `session_cache_notify`) send `NOTIFY auth_changed, '<user id>'` at the commit of any update or
 * delete of a user and any sign-out, revocation or edit of a session, whoever sends it; each
 * process listens (`Database.listen`) and forgets every cached session of that user ('*': all).
 * While the listener is not listening (before its first LISTEN, after its connection dropped, until
 * it listens again) notifications may be missed, so the cache is emptied and bypassed: every request
 * reads the database, as without a cache. The 30 s limit is only a safety net.
 *
 * A lookup that was under way when a notification (or a reset) arrived is not stored: its row may
 * have been read before the change committed. So once a user's NOTIFY has arrived, no session of
 * theirs read before it is ever served.
 *
 * On PGlite there is no cache (`createSessionCache` answers null): the embedded database belongs to
 * one process, and the guard reads it on every request as before.
 */
import type { Database } from '../../db/client';
import type { Listener } from '../../db/listener';
import type { UserRow } from '../../db/rows';
import { sessionCacheLookups } from '../../lib/metrics';

/** The NOTIFY channel of migration `session_cache_notify`; a payload is a user id, or '*' for all. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';
/** How long a cached session is served without reading the database again, ms. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept at most; storing one more forgets the oldest stored. */
export const SESSION_CACHE_MAX = 10_000;

/** What the guard reads about a live session (one row of its session query). */
export interface SessionRow {
  user: UserRow;
  sessionId: string;
  lastUsedAt: Date;
  expiresAt: Date;
  /** Signed in with "Remember me"; false → also ends after SESSION_IDLE_MINUTES idle (idle.ts). */
  remembered: boolean;
}

interface Entry extends SessionRow {
  /** When the entry stops being served (epoch ms). */
  staleAt: number;
}

export interface SessionCache {
  /**
   * The cached session of `token`, or undefined (never cached, older than the TTL, expired at
   * `now`, or the cache is bypassed while not listening). Counts a hit, a miss or a bypass. The
   * user row is a copy: a caller may change it without touching the cache.
   */
  get(token: string, now: number): SessionRow | undefined;
  /** A mark to take just before reading a session from the database, for `set`. */
  mark(): number;
  /**
   * Stores a session read from the database, unless a notification or a reset arrived since
   * `mark` was taken (the row may predate the change) or the cache is bypassed.
   */
  set(token: string, row: SessionRow, mark: number, now: number): void;
  /** Records that the guard wrote the session's last use (`now`), so it is not written again soon. */
  touched(token: string, now: Date): void;
  /** Sessions held now. */
  readonly size: number;
  /** Stops listening and forgets everything (app close). */
  close(): Promise<void>;
}

/** The cache's storage and eviction rules, fed by `onMessage`/`onReset`; `listening` says whether to use it. */
export function sessionCacheStore(listening: () => boolean, opts: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const max = opts.max ?? SESSION_CACHE_MAX;
  const entries = new Map<string, Entry>(); // insertion order: the oldest stored first
  const byUser = new Map<string, Set<string>>();
  let epoch = 0;

  const remove = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = byUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) byUser.delete(entry.user.id);
  };
  const clear = () => {
    epoch += 1;
    entries.clear();
    byUser.clear();
  };

  const store = {
    get(token: string, now: number): SessionRow | undefined {
      if (!listening()) {
        sessionCacheLookups.inc({ outcome: 'bypass' });
        return undefined;
      }
      const entry = entries.get(token);
      if (entry && (entry.staleAt <= now || entry.expiresAt.getTime() <= now)) remove(token);
      else if (entry) {
        sessionCacheLookups.inc({ outcome: 'hit' });
        return { ...entry, user: { ...entry.user } };
      }
      sessionCacheLookups.inc({ outcome: 'miss' });
      return undefined;
    },
    mark: () => epoch,
    set(token: string, row: SessionRow, mark: number, now: number): void {
      if (mark !== epoch || !listening()) return;
      remove(token);
      if (entries.size >= max) remove(entries.keys().next().value!);
      entries.set(token, { ...row, user: { ...row.user }, staleAt: now + ttlMs });
      const tokens = byUser.get(row.user.id) ?? new Set<string>();
      tokens.add(token);
      byUser.set(row.user.id, tokens);
    },
    touched(token: string, now: Date): void {
      const entry = entries.get(token);
      if (entry) entry.lastUsedAt = now;
    },
    get size() {
      return entries.size;
    },
    /** A NOTIFY on the channel: forget the user's sessions ('*': all). */
    onMessage(payload: string): void {
      epoch += 1;
      if (payload === '*') return clear();
      for (const token of byUser.get(payload) ?? []) remove(token);
    },
    /** The listener stopped or resumed: notifications may have been missed, forget everything. */
    onReset: clear,
  };
  return store;
}

/**
 * The session cache of an app on `database`, listening on `auth_changed` from the moment it is
 * made; null on PGlite (no cache there). Close it with the app (server/app.ts, onClose).
 */
export function createSessionCache(database: Database): SessionCache | null {
  if (database.driver !== 'postgres') return null;
  let listener: Listener | null = null;
  const store = sessionCacheStore(() => listener?.listening === true);
  listener = database.listen(AUTH_CHANGED_CHANNEL, {
    onMessage: (payload) => store.onMessage(payload),
    onReset: () => store.onReset(),
  });
  if (!listener) return null;
  return {
    get: store.get,
    mark: store.mark,
    set: store.set,
    touched: store.touched,
    get size() {
      return store.size;
    },
    async close() {
      await listener.close();
      store.onReset();
    },
  };
}
