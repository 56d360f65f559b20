/**
 * Keys that rotate (docs/operations.md "Keys and their rotation"), each rotated on one database by
 * restarting the app with new settings:
 *
 * - SESSION_SECRET: with the old one as SESSION_SECRET_PREVIOUS, a two-factor user signs in with
 *   an authenticator code and with a backup code, an open browser session's XSRF token passes, and a
 *   withdrawal code issued before the rotation confirms its withdrawal; after `rekey` the previous
 *   secret can go and two-factor still works. Without the previous secret and no rekey, the
 *   sign-in fails (the operator's lock-out this guards against).
 * - TWO_FACTOR_KEYS: a secret stored before the key set (`v1:`, key derived from SESSION_SECRET,
 *   backup codes hashed with it) and one under the default version 0 keep working when a key is
 *   added; `rekey` moves them (a second run moves nothing); after the next rotation the old key is
 *   removed and every user still signs in with both kinds of code; a rekey that finds a secret no
 *   key opens says so.
 * - A malformed TWO_FACTOR_KEYS or SESSION_SECRET_PREVIOUS stops the server at start.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { AppInstance } from '../../app-context';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { twoFactors, users } from '../../db/schema';
import { createSignedInUser, createTestDatabase, testConfig } from '../../test/app';
import { addDestinationOf, createClient, cryptoWithdrawal, withdrawalCode } from '../../test/factories';
import { legacyTwoFactorKey } from './two-factor-keys';

let database: Database;
let drop: () => Promise<void>;
// a database of its own for each test: a row one test leaves would be a stranger's key to the next
beforeEach(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterEach(() => drop());

/** Runs `fn` on an app built on the shared database with `overrides`, then closes the app. */
async function withApp<T>(overrides: Partial<Config>, fn: (app: AppInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(testConfig(overrides), database);
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/** A user with two-factor on: their e-mail, password, TOTP secret and backup codes. */
interface Enrolled {
  id: string;
  email: string;
  password: string;
  secret: string;
  backupCodes: string[];
}

/** Sets up and enables two-factor for a new user through the API of `app`. */
async function enrolled(app: AppInstance): Promise<Enrolled> {
  const user = await createSignedInUser(app);
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: user.headers, payload });
  const setup = await post('/api/auth/two-factor/setup', { password: user.password });
  const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  expect((await post('/api/auth/two-factor/enable', { code: await generate({ secret }) })).statusCode).toBe(
    200,
  );
  return { ...user, secret, backupCodes };
}

/**
 * Signs `u` in on `app` with a password and then `code` (`totp`: a fresh authenticator code; else
 * the next unused backup code). Answers the status of the second step.
 */
async function signIn(app: AppInstance, u: Enrolled, code: 'totp' | 'backup'): Promise<number> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: u.email, password: u.password },
  });
  expect(first.statusCode, first.body).toBe(200);
  // each authenticator code works once: forget the last step used so the test can sign in again
  await database.db.update(twoFactors).set({ lastTimeStep: 0 }).where(eq(twoFactors.userId, u.id));
  const value = code === 'totp' ? await generate({ secret: u.secret }) : u.backupCodes.shift()!;
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify',
    payload: { challenge: first.json().challenge, code: value },
  });
  return second.statusCode;
}

/** Both kinds of code for each user: every status (200 expected). */
async function signInAll(app: AppInstance, people: Enrolled[]): Promise<number[]> {
  const out: number[] = [];
  for (const u of people) out.push(await signIn(app, u, 'totp'), await signIn(app, u, 'backup'));
  return out;
}

const stored = async (u: { id: string }) =>
  (await database.db.select().from(twoFactors).where(eq(twoFactors.userId, u.id)))[0]!.secretEncrypted;

const secret32 = () => randomBytes(32).toString('base64url');

describe('rotating SESSION_SECRET', () => {
  it('keeps two-factor, open browser sessions and withdrawal codes working with the previous secret', async () => {
    const [oldSecret, newSecret] = [secret32(), secret32()];
    const before = await withApp({ sessionSecret: oldSecret }, async (app) => {
      const u = await enrolled(app);
      // a browser session: the token and its XSRF cookie, signed with the old secret
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: u.email, password: u.password },
      });
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        payload: { challenge: first.json().challenge, code: u.backupCodes.shift()! },
      });
      const xsrf = done.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const payer = await createClient(app, { level: 'identity', balance: 100_00n });
      const crypto = cryptoWithdrawal(40, 'bitcoin');
      await addDestinationOf(app.ctx.database.db, payer.id, crypto);
      const code = await withdrawalCode(app, payer.id, crypto);
      return { u, token: done.json().token as string, xsrf, payer, withdrawal: { ...crypto, token: code } };
    });
    const { u } = before;
    /** A state-changing request of the old browser session (resend-otp: 409 once past the XSRF check). */
    const browserPost = (app: AppInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/resend-otp',
        headers: {
          authorization: `Bearer ${before.token}`,
          cookie: `XSRF-TOKEN=${before.xsrf}`,
          'x-xsrf-token': before.xsrf,
        },
      });

    // the new secret alone, before any rekey: what the operator met
    await withApp({ sessionSecret: newSecret }, async (app) => {
      expect(await signIn(app, u, 'totp')).toBe(500);
      expect((await browserPost(app)).statusCode).toBe(403);
    });

    await withApp({ sessionSecret: newSecret, sessionSecretPrevious: oldSecret }, async (app) => {
      expect(await signInAll(app, [u])).toEqual([200, 200]);
      expect((await browserPost(app)).statusCode).toBe(409);
      const paid = await app.inject({
        method: 'POST',
        url: '/api/c-withdrawals',
        headers: before.payer.headers,
        payload: before.withdrawal,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(await app.ctx.services.twoFactor.rekey()).toEqual({
        total: 1,
        resealed: 1,
        current: 0,
        changed: 0,
        unreadable: [],
      });
    });

    // the window closed: two-factor still works (re-sealed); browser sessions from before sign in again
    await withApp({ sessionSecret: newSecret }, async (app) => {
      expect(await signInAll(app, [u])).toEqual([200, 200]);
      expect((await browserPost(app)).statusCode).toBe(403);
    });
  }, 120_000);
});

/** Writes `userId`'s two-factor row as the release before the key set did (`v1:`, SESSION_SECRET's key). */
async function writeLegacyRow(
  sessionSecret: string,
  userId: string,
): Promise<Omit<Enrolled, 'email' | 'password'>> {
  const key = legacyTwoFactorKey(sessionSecret);
  const secret = generateSecret();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const sealed = ['v1', iv, body, cipher.getAuthTag()].map((p) =>
    typeof p === 'string' ? p : p.toString('base64url'),
  );
  const backupCodes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678'];
  const hash = (code: string) =>
    createHmac('sha256', key)
      .update(`backup:${userId}:${code.replace('-', '')}`)
      .digest('base64url');
  await database.db.insert(twoFactors).values({
    userId,
    secretEncrypted: sealed.join(':'),
    backupCodeHashes: backupCodes.map(hash),
    enabledAt: new Date(),
  });
  await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return { id: userId, secret, backupCodes };
}

describe('rotating the two-factor key set (TWO_FACTOR_KEYS)', () => {
  it('adds a key, rekeys, retires the old one: nobody is locked out, stored rows of every age included', async () => {
    const sessionSecret = secret32();
    const k1 = { version: 1, secret: secret32() };
    const k2 = { version: 2, secret: secret32() };
    const people = await withApp({ sessionSecret }, async (app) => {
      const legacy = await createSignedInUser(app);
      return [{ ...legacy, ...(await writeLegacyRow(sessionSecret, legacy.id)) }, await enrolled(app)];
    });
    expect(await stored(people[0]!)).toMatch(/^v1:/);
    expect(await stored(people[1]!)).toMatch(/^\$ba\$0\$/);

    await withApp({ sessionSecret, twoFactorKeys: [k1] }, async (app) => {
      expect(await signInAll(app, people)).toEqual([200, 200, 200, 200]);
      people.push(await enrolled(app));
      expect(await stored(people[2]!)).toMatch(/^\$ba\$1\$/);
      const rekey = () => app.ctx.services.twoFactor.rekey();
      expect(await rekey()).toMatchObject({ total: 3, resealed: 2, current: 1, unreadable: [] });
      expect(await rekey()).toMatchObject({ total: 3, resealed: 0, current: 3 });
    });
    for (const u of people) expect(await stored(u)).toMatch(/^\$ba\$1\$/);

    // the next rotation: k2 first, k1 kept until the rekey has run
    await withApp({ sessionSecret, twoFactorKeys: [k2, k1] }, async (app) => {
      expect(await signInAll(app, people)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await app.ctx.services.twoFactor.rekey()).toMatchObject({ resealed: 3, current: 0 });
    });
    // k1 retired, and SESSION_SECRET changed too: the key set stands on its own
    await withApp({ sessionSecret: secret32(), twoFactorKeys: [k2] }, async (app) => {
      expect(await signInAll(app, people)).toEqual([200, 200, 200, 200, 200, 200]);
    });
    // a key retired before its rows were moved: the rekey names them and leaves them alone
    await withApp({ sessionSecret, twoFactorKeys: [k1] }, async (app) => {
      expect(await app.ctx.services.twoFactor.rekey()).toEqual({
        total: 3,
        resealed: 0,
        current: 0,
        changed: 0,
        unreadable: people.map((u) => u.id).sort(),
      });
      expect(await signIn(app, people[0]!, 'totp')).toBe(500);
    });
  }, 180_000);
});

describe('TWO_FACTOR_KEYS and SESSION_SECRET_PREVIOUS at start', () => {
  const env = { SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/nonexistent' };
  it('reads the versions newest first, and stops the server on a malformed value', () => {
    const good = loadConfig({ ...env, TWO_FACTOR_KEYS: ` 3:${'c'.repeat(32)}, 1:${'a'.repeat(40)} ` });
    expect(good.twoFactorKeys).toEqual([
      { version: 3, secret: 'c'.repeat(32) },
      { version: 1, secret: 'a'.repeat(40) },
    ]);
    expect(loadConfig(env).twoFactorKeys).toBeUndefined();
    for (const [value, message] of [
      [`0:${'a'.repeat(32)}`, /TWO_FACTOR_KEYS: entry 1: "<version>:<secret>" with a version of 1 or more/],
      ['a'.repeat(32), /TWO_FACTOR_KEYS: entry 1/],
      [`1:${'a'.repeat(32)},1:${'b'.repeat(32)}`, /TWO_FACTOR_KEYS: version 1 is listed twice/],
      [`2:short`, /TWO_FACTOR_KEYS: the secret of version 2 must be at least 32 characters/],
    ] as const)
      expect(() => loadConfig({ ...env, TWO_FACTOR_KEYS: value })).toThrow(message);
    expect(() => loadConfig({ ...env, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(/SESSION_SECRET_PREVIOUS/);
  });
});
