/**
 * No secret ever in a log (docs/operations.md "What the log never holds", server/lib/log-policy.ts):
 * the app runs with its real logger at `info` into a captured stream while a test drives each
 * failure path with real secrets — validation errors and refused sign-ins (passwords, a token in
 * the query string and in a cookie), a two-factor set-up (its TOTP secret and backup codes), the
 * mail server down (sign-up and reset codes, an invitation link, the SMTP password in its URL),
 * an API key (its creation, and calls with it, revoked, changed or in the query string),
 * 500s (a failed statement whose parameter is a live session token) and the database down (PGlite closed under the app; on PostgreSQL the database stops
 * accepting connections and its connections are ended) — then looks for every secret it used in
 * every line. On both drivers.
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { confirmSessionByPasskey, createAdmin, enrolTwoFactor } from './factories';
import { createSignedInUser, createTestDatabase, signupBody, testConfig, uniqueEmail } from './app';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
/** Every secret the test used: none may be in any log line. */
const secrets = new Set<string>();
const log = () => lines.join('');

const PASSWORD = 'Log-Secret-Pass-7391';
const SMTP_PASSWORD = 'smtp-Secret-4412';

let app: AppInstance;
let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;

/** A local port with nothing listening: the mail server that is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the captured log holds `text` (at most `ms`). */
async function logged(text: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !log().includes(text);) {
    if (Date.now() > end) throw new Error(`never logged: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inject = (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  payload?: object,
) => app.inject({ method, url: path, headers, ...(payload && { payload }) });

beforeAll(async () => {
  ({ database, url, drop } = await createTestDatabase());
  const smtpUrl = `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${await deadPort()}`;
  secrets.add(SMTP_PASSWORD).add(PASSWORD);
  app = await buildApp(
    testConfig({ smtpUrl, logLevel: 'info', mailRetry: { retryBaseMs: 100, maxAttempts: 3 } }),
    database,
    { logStream },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.().catch(() => undefined);
});

describe('the log', () => {
  it('holds no password or token from validation errors and refused sign-ins', async () => {
    const email = uniqueEmail('logs');
    const bad = await inject('POST', '/api/auth/signup', {}, { email: 'not-an-email', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    const refused = await inject('POST', '/api/auth/signin', {}, { email, password: PASSWORD });
    expect(refused.statusCode).toBe(401);
    const token = 'QueryStringToken0123456789abcdef';
    secrets.add(token);
    expect((await inject('GET', `/api/user/me?token=${token}&page=1`)).statusCode).toBe(401);
    const cookie = 'CookieToken0123456789abcdefghij';
    secrets.add(cookie);
    expect(
      (await inject('GET', '/api/user/me', { cookie: `better-auth.session_token=${cookie}` })).statusCode,
    ).toBe(401);
    expect(log()).toContain('/api/user/me?token=');
  });

  it('holds no TOTP secret or backup code from a two-factor set-up and a wrong code', async () => {
    const user = await createSignedInUser(app, { password: PASSWORD });
    secrets.add(user.token);
    const setup = await inject('POST', '/api/auth/two-factor/setup', user.headers, { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
    secrets.add(new URL(totpURI).searchParams.get('secret')!);
    for (const code of backupCodes) secrets.add(code);
    const wrong = await inject('POST', '/api/auth/two-factor/enable', user.headers, { code: '000000' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('holds no API key: not its creation, nor calls with it, revoked, changed or in the query string', async () => {
    const owner = await createAdmin(app);
    secrets.add(owner.token);
    await enrolTwoFactor(app, owner);
    await confirmSessionByPasskey(database.db, owner);
    const created = await inject('POST', '/api/api-keys', owner.headers, {
      name: 'Log check',
      permissions: ['clients.read'],
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, secret } = created.json().data as { key: { id: string }; secret: string };
    // the whole key and its part after the shown characters: neither may be logged
    secrets.add(secret).add(secret.slice(10));
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await inject('GET', '/api/user/admin', bearer)).statusCode).toBe(200);
    expect((await inject('GET', `/api/user/admin?key=${secret}`)).statusCode).toBe(401);
    const changed = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    secrets.add(changed.slice(10));
    expect((await inject('GET', '/api/user/admin', { authorization: `Bearer ${changed}` })).statusCode).toBe(
      401,
    );
    const revoke = await inject('POST', `/api/api-keys/${key.id}/revoke`, owner.headers, {
      reason: 'Log check',
    });
    expect(revoke.statusCode).toBe(200);
    expect((await inject('GET', '/api/user/admin', bearer)).statusCode).toBe(401);
    expect(log()).toContain('/api/user/admin?key=');
  });

  it('holds no code, link or SMTP password while the mail server is down', async () => {
    const email = uniqueEmail('signup');
    const signup = await inject(
      'POST',
      '/api/auth/signup',
      {},
      signupBody({ firstName: 'Log', lastName: 'Test', email, password: PASSWORD, gender: 'other' }),
    );
    expect(signup.statusCode).toBe(201);
    expect((await inject('POST', '/api/auth/forgot-password', {}, { email })).statusCode).toBeLessThan(300);
    const admin = await createAdmin(app);
    const invite = await inject('POST', '/api/staff', admin.headers, {
      email: uniqueEmail('staff'),
      firstName: 'New',
      lastName: 'Staff',
      role: 'support',
    });
    expect(invite.statusCode).toBe(201);
    await logged('mail failed');
    const mails = await database.db.select().from(mailOutbox);
    const bodies = mails.map((m) => `${m.text ?? ''} ${JSON.stringify(m.message ?? {})}`).join(' ');
    const codes = bodies.match(/\b\d{6}\b/g) ?? [];
    const links = bodies.match(/token=[\w-]{16,}/g) ?? [];
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const secret of [...codes, ...links.map((l) => l.slice('token='.length))]) secrets.add(secret);
  });

  it("holds no statement's parameters on a 500 (a live session token)", async () => {
    const client = await createSignedInUser(app, { password: PASSWORD });
    secrets.add(client.token);
    await database.db.execute(sql`alter table sessions rename to sessions_gone`);
    try {
      const res = await inject('GET', '/api/user/me', client.headers);
      expect(res.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`alter table sessions_gone rename to sessions`);
    }
    await logged('unhandled error');
    expect(log()).toContain('Failed query');
  });

  it('holds no session token while the database is down, and answers 503 with Retry-After', async () => {
    const client = await createSignedInUser(app, { password: PASSWORD });
    secrets.add(client.token);
    await takeDatabaseDown();
    const res = await inject('GET', '/api/user/me', client.headers);
    expect([res.statusCode, res.headers['retry-after']]).toEqual([503, '5']);
    await logged('database unavailable');
    expect(log()).toContain('Failed query');
  });

  it('… and none of the secrets it used is anywhere in it', () => {
    const text = log();
    expect(secrets.size).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).toContain('[Redacted]');
  });
});

/**
 * The database goes away under the running app: PGlite is closed; a PostgreSQL database stops
 * accepting connections (55000) and its connections are ended (57P01), as in maintenance. The
 * shared cluster keeps running; afterAll lets connections in again before dropping it.
 */
async function takeDatabaseDown(): Promise<void> {
  if (!url) {
    await database.close();
    return;
  }
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  } finally {
    await admin.end();
  }
  const restore = drop;
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`alter database ${name} allow_connections true`);
    await c.end();
    await restore();
  };
}
