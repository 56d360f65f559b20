/**
 * Test harness: a real database per test file (PGlite in memory, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set), the real app built on it, and a real SMTP receiver.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import { MONEY_DEFAULTS, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { createMemoryStorage } from '../lib/storage';
import { createUserWithPassword, type NewUser } from '../modules/users/factory';
import type { MigratedDatabase } from './database-template';
import { ContractChecker, recordAnswers, type Answer, type OpenApiDocument } from './openapi-contract';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export interface TestContext {
  app: AppInstance;
  database: Database;
  smtp: SmtpReceiver;
  close(): Promise<void>;
}

/** What the global setup migrated (server/test/database-template.ts); nothing outside Vitest. */
function migratedDatabase(): MigratedDatabase {
  try {
    return inject('migratedDatabase') ?? {};
  } catch {
    return {};
  }
}

let pgliteImage: { path: string; blob: Blob } | undefined;
/** The migrated PGlite image at `file`, read once a worker. */
function imageAt(file: string): Blob {
  if (pgliteImage?.path !== file) pgliteImage = { path: file, blob: new Blob([readFileSync(file)]) };
  return pgliteImage.blob;
}

/**
 * Creates a migrated database with no rows: PGlite in memory, or a new PostgreSQL database dropped
 * by `drop`; a copy of the one the global setup migrated when there is one, else migrated here.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  const { template, image } = migratedDatabase();
  if (!base) {
    const database = await openDatabase(image ? { image: imageAt(image) } : {});
    return { database, drop: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pool: { size: 10 } });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() does not wait for its sockets to close; forcing the drop while they close makes
      // the server kill them, which surfaces as uncaught errors. Let them go first (≤ 1 s).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://127.0.0.1:3000',
    dataDir: null,
    mailFrom: `${DEMO_BRAND.name} <no-reply@${DEMO_BRAND.supportEmail.split('@')[1]}>`,
    brand: DEMO_BRAND,
    sessionSecret: randomBytes(32).toString('base64url'),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    rateLimit: false,
    trustProxy: false,
    money: MONEY_DEFAULTS,
    staffTwoFactor: 'optional',
    fourEyesThreshold: 1000_00n,
    ...overrides,
  };
}

/** Builds the app on a fresh database with mail going to a real SMTP receiver. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const smtp = await startSmtpReceiver();
  const { database, drop } = await createTestDatabase();
  const app = await buildApp(testConfig({ smtpUrl: smtp.url, ...overrides }), database);
  await app.ready();
  const answers = recordAnswers(app);
  return {
    app,
    database,
    smtp,
    async close() {
      const problems = await contractProblems(app, answers);
      await app.close();
      await drop();
      await smtp.close();
      if (problems.length > 0) {
        throw new Error(`answers the OpenAPI document does not declare:\n${problems.join('\n')}`);
      }
    },
  };
}

/**
 * The answers below 500 that differ from the app's own OpenAPI document (server/test/openapi-contract.ts):
 * a status, a body or an error `code` the operation does not declare. Every test file's traffic is
 * checked when its context closes, so a code a route answers without listing it fails the file that
 * provoked it (server/lib/openapi.ts `operationCodes`). Paths the document has no operation for (an
 * unknown route's 404, the document's own pages) are not the contract's.
 */
export async function contractProblems(app: AppInstance, answers: Answer[]): Promise<string[]> {
  const checked = answers.filter((a) => a.status < 500);
  if (checked.length === 0) return [];
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  const checker = new ContractChecker(doc);
  const problems = checked.filter((a) => checker.pathOf(a.method, a.url)).flatMap((a) => checker.check(a));
  return [...new Set(problems)];
}

/** The HTTP methods the tests send. */
export type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request headers as the tests pass them to `inject`. */
export type Headers = Record<string, string>;

/** A well-formed id that names no row. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * `inject(method, url, headers = {}, payload?)`: a request to the app of a test file's context
 * (`context()` is read at each call, so the context may be created later, in beforeAll); the
 * payload, when given, is sent as JSON. Answers Fastify's inject response.
 */
export function injector(context: () => TestContext) {
  return (method: TestMethod, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    context().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
}

/** The keys in the context's storage (the tests run with the in-memory storage). */
export function storedKeys(t: TestContext): string[] {
  return (t.app.ctx.services.storage as ReturnType<typeof createMemoryStorage>).keys();
}

/**
 * Writes a mail to the outbox as the worker leaves it after its last try (`failed`, 8 attempts, the
 * SMTP error kept), so it can be listed and queued again. Answers the mail's id.
 */
export async function failedMail(db: Db): Promise<string> {
  const [mail] = await db
    .insert(mailOutbox)
    .values({
      to: 'someone@example.com',
      subject: 'S',
      text: 'T',
      status: 'failed',
      attempts: 8,
      lastError: 'refused',
    })
    .returning({ id: mailOutbox.id });
  return mail!.id;
}

let seq = 0;
/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}@example.com`;
}

export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * A valid body of the client's sign-up, POST /api/auth/signup (common/schemas/auth.ts): Jane Doe,
 * password 'Secret-pass-1', a fresh e-mail address; any field replaced or added by `over`.
 */
export function signupBody(over: Record<string, unknown> = {}) {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: uniqueEmail('jane'),
    phone: '+44 20 7946 0000',
    password: 'Secret-pass-1',
    gender: 'female',
    country: 'United Kingdom',
    acceptTerms: true,
    ...over,
  };
}

/** Creates a verified user (client by default) and signs them in. Answers id, e-mail and token. */
export async function createSignedInUser(app: AppInstance, u: Partial<NewUser> = {}) {
  const email = u.email ?? uniqueEmail(u.role ?? 'client');
  const password = u.password ?? TEST_PASSWORD;
  const { id, referralId } = await createUserWithPassword(app.ctx.auth, {
    firstName: 'Test',
    lastName: 'User',
    ...u,
    email,
    password,
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const token = res.json().token as string;
  return { id, email, password, token, referralId, headers: { authorization: `Bearer ${token}` } };
}
