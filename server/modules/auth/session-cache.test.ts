/**
 * The guard's session cache (session-cache.ts; docs/performance.md "Session cache").
 * - Its rules, without a database: a known token is a hit until its 30 s run out or the session
 *   expires; a user's NOTIFY forgets all their sessions ('*' forgets all); a lookup under way when a
 *   notification or a reset arrived is not stored; at most `max` sessions (the oldest stored goes);
 *   nothing is served or stored while the listener is not listening.
 * - With two real API processes on one PostgreSQL (TEST_DATABASE_URL): B serves a client from its
 *   cache (its /api/metrics hits grow); a block, a sign-out or a profile change made through A is
 *   seen by B's very next request; with its listener's connection killed again and again B keeps
 *   answering right (bypassing the cache), then listens again and caches again.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { LISTENER_APPLICATION_NAME } from '../../db/listener';
import type { UserRow } from '../../db/rows';
import { sessionCacheLookups } from '../../lib/metrics';
import type { ApiProcess } from '../../test/processes';
import { useTwoApiProcesses } from '../../test/two-processes';
import { createAdmin, createClient, type TestUser } from '../../test/factories';
import { sessionCacheStore, type SessionRow } from './session-cache';

const pg = process.env.TEST_DATABASE_URL;

/** A session row of `userId` expiring at `expiresAt` (epoch ms; in an hour by default). */
const row = (userId: string, expiresAt = Date.now() + 3_600_000): SessionRow => ({
  user: { id: userId, firstName: 'Ada' } as UserRow,
  sessionId: `s-${userId}`,
  lastUsedAt: new Date(),
  expiresAt: new Date(expiresAt),
  remembered: true,
});

const counted = async () =>
  Object.fromEntries((await sessionCacheLookups.get()).values.map((v) => [v.labels.outcome, v.value]));

describe('session cache rules', () => {
  it('serves a stored session until its TTL or its expiry, as a copy', () => {
    const cache = sessionCacheStore(() => true, { ttlMs: 1_000 });
    const now = Date.now();
    expect(cache.get('t1', now)).toBeUndefined();
    cache.set('t1', row('u1'), cache.mark(), now);
    const hit = cache.get('t1', now + 999)!;
    expect(hit.user.firstName).toBe('Ada');
    hit.user.firstName = 'Changed';
    expect(cache.get('t1', now)!.user.firstName).toBe('Ada');
    expect(cache.get('t1', now + 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);

    cache.set('t2', row('u2', now + 500), cache.mark(), now);
    expect(cache.get('t2', now + 499)).toBeDefined();
    expect(cache.get('t2', now + 500)).toBeUndefined();
  });

  it("forgets every session of a notified user, all of them on '*', and everything on a reset", () => {
    const cache = sessionCacheStore(() => true);
    const now = Date.now();
    for (const [token, user] of [
      ['a1', 'ua'],
      ['a2', 'ua'],
      ['b1', 'ub'],
    ] as const)
      cache.set(token, row(user), cache.mark(), now);
    cache.onMessage('ua');
    expect([cache.get('a1', now), cache.get('a2', now)]).toEqual([undefined, undefined]);
    expect(cache.get('b1', now)).toBeDefined();
    cache.onMessage('*');
    expect(cache.size).toBe(0);
    cache.set('b1', row('ub'), cache.mark(), now);
    cache.onReset();
    expect(cache.size).toBe(0);
  });

  it('does not store a lookup that a notification or a reset overtook', () => {
    const cache = sessionCacheStore(() => true);
    const now = Date.now();
    const before = cache.mark();
    cache.onMessage('someone-else');
    cache.set('t', row('u'), before, now);
    expect(cache.get('t', now)).toBeUndefined();
    const again = cache.mark();
    cache.onReset();
    cache.set('t', row('u'), again, now);
    expect(cache.size).toBe(0);
  });

  it('keeps at most max sessions, forgetting the oldest stored', () => {
    const cache = sessionCacheStore(() => true, { max: 3 });
    const now = Date.now();
    for (const t of ['t1', 't2', 't3', 't4']) cache.set(t, row(`u-${t}`), cache.mark(), now);
    expect(cache.size).toBe(3);
    expect(cache.get('t1', now)).toBeUndefined();
    expect(cache.get('t4', now)).toBeDefined();
    cache.onMessage('u-t1'); // its index entry went with it
    expect(cache.size).toBe(3);
  });

  it('is bypassed while not listening: nothing served, nothing stored, counted as bypass', async () => {
    let listening = true;
    const cache = sessionCacheStore(() => listening);
    const now = Date.now();
    cache.set('t', row('u'), cache.mark(), now);
    const before = await counted();
    listening = false;
    expect(cache.get('t', now)).toBeUndefined();
    cache.set('t2', row('u2'), cache.mark(), now);
    listening = true;
    expect(cache.get('t2', now)).toBeUndefined();
    const after = await counted();
    expect((after.bypass ?? 0) - (before.bypass ?? 0)).toBe(1);
    expect((after.miss ?? 0) - (before.miss ?? 0)).toBe(1);
  });
});

describe.skipIf(!pg)('session cache with two API processes on one PostgreSQL', () => {
  const METRICS_TOKEN = 'session-cache-metrics-token';
  const t = useTwoApiProcesses({ METRICS_TOKEN });

  async function lookups(server: ApiProcess): Promise<Record<string, number>> {
    const res = await fetch(`${server.origin}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    const out: Record<string, number> = {};
    for (const m of text.matchAll(/^broker_session_cache_total\{outcome="(\w+)"\} (\d+)$/gm))
      out[m[1]!] = Number(m[2]);
    return out;
  }
  const me = (server: ApiProcess, who: TestUser) =>
    fetch(`${server.origin}/api/user/me`, { headers: who.headers });
  /** POST /api/auth/signout on `server` as `who`; answers the response. */
  const signOut = (server: ApiProcess, who: TestUser) =>
    fetch(`${server.origin}/api/auth/signout`, { method: 'POST', headers: who.headers });
  /** `method` `path` on `server` as `who`, with `body` as JSON; answers the response. */
  const send = (server: ApiProcess, method: string, path: string, who: TestUser, body: object = {}) =>
    fetch(`${server.origin}${path}`, {
      method,
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /**
   * The status of /api/user/me on `server` once it is `status`, polled for at most 2 s: another
   * process forgets a session when the NOTIFY reaches its listener, which may come a few
   * milliseconds after the writer's answer (docs/performance.md "Session cache").
   */
  const meBecomes = (server: ApiProcess, who: TestUser, status: number) =>
    expect.poll(async () => (await me(server, who)).status, { timeout: 2_000, interval: 20 }).toBe(status);

  /** The two processes, and a new client whose session B serves from its cache (`servedFromCache`). */
  async function clientCachedOnB() {
    const [a, b] = t.servers;
    const c = await createClient(t.app);
    await servedFromCache(b, c);
    return { a, b, c };
  }

  /** Requests on `server` as `who` until one is a cache hit (the listener is up and the session cached). */
  async function servedFromCache(server: ApiProcess, who: TestUser): Promise<void> {
    await expect
      .poll(
        async () => {
          const before = (await lookups(server)).hit ?? 0;
          expect((await me(server, who)).status).toBe(200);
          return ((await lookups(server)).hit ?? 0) - before;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(1);
  }

  it('B caches a client; a block through A is refused by B as soon as the notification arrives', async () => {
    const admin = await createAdmin(t.app);
    const { a, b, c } = await clientCachedOnB();
    const hits = (await lookups(b)).hit!;
    for (let i = 0; i < 5; i++) expect((await me(b, c)).status).toBe(200);
    expect((await lookups(b)).hit).toBeGreaterThanOrEqual(hits + 5);

    const block = await send(a, 'POST', `/api/user/admin/${c.id}/block`, admin, {
      reason: 'Suspected account takeover',
    });
    expect(block.status).toBe(200);
    // the block deleted the client's sessions: the token names none (as without a cache)
    await meBecomes(b, c, 401);
  });

  it('a sign-out on A is refused by B as soon as the notification arrives', async () => {
    const { a, b, c } = await clientCachedOnB();
    const out = await signOut(a, c);
    expect(out.status).toBe(200);
    await meBecomes(b, c, 401);
  });

  it('a profile change on A reaches B’s /api/user/me as soon as the notification arrives', async () => {
    const { a, b, c } = await clientCachedOnB();
    const patch = await send(a, 'PATCH', '/api/user/profile', c, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 202 555 0100',
      country: 'Kosovo',
    });
    expect(patch.status).toBe(200);
    await expect
      .poll(
        async () => {
          const res = await me(b, c);
          return ((await res.json()) as { data?: { firstName: string } }).data?.firstName;
        },
        { timeout: 2_000, interval: 20 },
      )
      .toBe('Grace');
  });

  it('while its listener’s connection is killed B answers right from the database, then caches again', async () => {
    const [a, b] = t.servers;
    const { db } = t.app.ctx.database;
    const live = await createClient(t.app);
    const doomed = await createClient(t.app);
    await servedFromCache(b, live);
    await servedFromCache(b, doomed);
    const before = await lookups(b);

    // kill every listener on this database (both processes', the in-process app's) every 50 ms
    const kill = () =>
      queryRows(
        db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
    let killing = true;
    const killer = (async () => {
      while (killing) {
        await kill();
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const out = await signOut(a, doomed);
      expect(out.status).toBe(200);
      for (let i = 0; i < 10; i++) {
        expect((await me(b, live)).status).toBe(200);
        expect((await me(b, doomed)).status).toBe(401);
        await new Promise((r) => setTimeout(r, 30));
      }
    } finally {
      killing = false;
      await killer;
    }
    const during = await lookups(b);
    expect((during.bypass ?? 0) - (before.bypass ?? 0)).toBeGreaterThan(0);

    // listening again: B caches again, and a revocation still reaches it
    await servedFromCache(b, live);
    const out = await signOut(a, live);
    expect(out.status).toBe(200);
    await meBecomes(b, live, 401);
    // both processes are alive and well
    for (const s of t.servers) expect((await fetch(`${s.origin}/api/health`)).status).toBe(200);
  });
});
