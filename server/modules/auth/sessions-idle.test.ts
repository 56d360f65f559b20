/**
 * The idle timeout of sessions signed in without "Remember me" (idle.ts; docs/security.md
 * "Sessions"), on both drivers: idle past SESSION_IDLE_MINUTES → 401 and gone from the list; a
 * request within the window keeps it alive (its last use recorded at most once a minute); a
 * remembered session is not touched; a cache holding the session cannot keep it alive once idle.
 * The clock is JavaScript's `Date` (the guard compares with the time it passes to its query).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import type { BaseDeps } from '../../lib/base-deps';
import { createSignedInUser, TEST_PASSWORD } from '../../test/app';
import { useBareTestContext } from '../../test/context';
import { createGuards } from './guard';
import { sessionCacheStore } from './session-cache';

const IDLE_MINUTES = 30;
const t = useBareTestContext({ sessionIdleMinutes: IDLE_MINUTES });
const minutes = (n: number) => n * 60_000;

afterEach(() => vi.useRealTimers());

/** Moves `Date` (only) forward by `ms`. */
function advance(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

/** A verified client and a second session of theirs, signed in with `remember` as given. */
async function signedIn(remember: boolean | undefined) {
  const user = await createSignedInUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: user.email, password: TEST_PASSWORD, ...(remember !== undefined && { remember }) },
  });
  expect(res.statusCode).toBe(200);
  return { user, token: res.json().token as string };
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

/** The tokens' ids in `token`'s list of sessions ("Everywhere you are signed in now"). */
async function listedIds(token: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/sessions',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: string }[]).map((s) => s.id);
}

async function sessionOf(token: string) {
  const [row] = await t.app.ctx.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row!;
}

describe('sessions without "Remember me"', () => {
  it('are marked so, and end within a day at the latest', async () => {
    const { token } = await signedIn(false);
    const row = await sessionOf(token);
    expect(row.remembered).toBe(false);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + minutes(24 * 60) + 5_000);
    const kept = await signedIn(true);
    expect((await sessionOf(kept.token)).remembered).toBe(true);
    const unsaid = await signedIn(undefined);
    expect((await sessionOf(unsaid.token)).remembered).toBe(true);
  });

  it('idle past the window: 401 like a signed-out token, and gone from the list of sessions', async () => {
    const { user, token } = await signedIn(false);
    const idleId = (await sessionOf(token)).id;
    expect((await me(token)).statusCode).toBe(200);
    expect(await listedIds(user.token)).toContain(idleId);

    advance(minutes(IDLE_MINUTES) + 1_000);
    expect((await me(token)).statusCode).toBe(401);
    // the user's remembered session (createSignedInUser's) is unaffected and no longer lists it
    expect(await listedIds(user.token)).not.toContain(idleId);
    // and a later request does not bring it back
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a request within the window keeps it alive, its last use written at most once a minute', async () => {
    const { user, token } = await signedIn(false);
    const id = (await sessionOf(token)).id;
    for (let i = 0; i < 4; i++) {
      advance(minutes(IDLE_MINUTES - 5));
      expect((await me(token)).statusCode).toBe(200);
    }
    // 100 minutes after sign-in, never 30 idle: still live, and listed
    expect(await listedIds(user.token)).toContain(id);
    const used = (await sessionOf(token)).lastUsedAt.getTime();
    advance(30_000);
    expect((await me(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).lastUsedAt.getTime()).toBe(used); // within the minute: no write
    advance(minutes(1));
    expect((await me(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).lastUsedAt.getTime()).toBeGreaterThan(used);
  });

  it('a remembered session lives on past the idle window', async () => {
    const { user, token } = await signedIn(true);
    const id = (await sessionOf(token)).id;
    advance(minutes(6 * 60));
    expect((await me(token)).statusCode).toBe(200);
    expect(await listedIds(user.token)).toContain(id);
  });

  it('a session cache that still holds it cannot keep it alive once idle', async () => {
    const { token } = await signedIn(false);
    // a cache that would serve its entries for a day, listening throughout
    const cache = sessionCacheStore(() => true, { ttlMs: minutes(24 * 60) });
    const { config, database, mailer, services } = t.app.ctx;
    const base: BaseDeps = {
      db: database.db,
      log: t.app.log,
      config,
      mailer,
      storage: services.storage,
      streamRows: database.streamRows,
    };
    const guards = createGuards(base, {
      ...cache,
      close: async () => {},
    });
    const request = () =>
      ({
        headers: { authorization: `Bearer ${token}` },
        method: 'GET',
        cookies: {},
        auth: null,
      }) as unknown as FastifyRequest;
    expect(await guards.authenticate(request())).not.toBeNull(); // read and cached
    expect(cache.size).toBe(1);
    expect(await guards.authenticate(request())).not.toBeNull(); // served from the cache
    advance(minutes(IDLE_MINUTES) + 1_000);
    expect(cache.get(token, Date.now())).toBeDefined(); // the cache still holds it…
    expect(await guards.authenticate(request())).toBeNull(); // …and the guard refuses it
    expect((await me(token)).statusCode).toBe(401);
  });
});
