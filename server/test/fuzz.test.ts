/**
 * Fuzz test (the server enforces every rule, whatever the request). Every /api route comes
 * from the app's route table (`app.routeTable`, filled by an onRoute hook with each route's
 * options, schema included), so routes added later are fuzzed as they land. For each route,
 * fast-check builds requests from its zod schemas (turned into JSON Schema with z.toJSONSchema):
 * plausible bodies, params and query strings, then mutated — missing and extra fields, wrong types,
 * huge strings, unicode, negative / NaN / 1e308 / 3-decimal amounts, SQL and script payloads,
 * broken JSON, wrong content types, hostile Authorization / XSRF / Idempotency-Key headers — and
 * sends them through `app.inject` as a visitor, a client and an admin (bearer token; sometimes with
 * the signed XSRF cookie and header as the browser sends them, sometimes with a forged header).
 *
 * Asserts: no 5xx answer at all; every 4xx answer is JSON `{ code, message }` (a code of the
 * catalogue, common/errors.ts, whose status it is) without a stack trace; and
 * a refused (4xx) request writes nothing — the row count and a content hash of every table are
 * taken after each request (skipped when no transaction id was handed out since the last one:
 * nothing can have been written) and must not change across a refused one. Exempt by design: the
 * counters of wrong one-time codes (`one_time_codes`, content only), of wrong e-mail OTPs
 * (`verifications`) and the per-account budgets of wrong passwords and codes (the
 * `rate_limit_hits` rows keyed `acct:<kind>-fail:…`, docs/security.md "Throttling"), which a refused
 * guess must update, whether at sign-in or in a signed-in check of the password, and the e-mail
 * telling the owner that the guess which used up the budget locked the account.
 *
 * FUZZ_RUNS (default 5,000) sets the number of requests; FUZZ_SEED replays a run (its value is
 * printed). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { XSRF } from '@common/constants';
import { ERRORS, isErrorCode } from '@common/errors';
import type { RouteEntry } from '../modules/audit/route-table';
import { accountLockedMail } from '../modules/auth/emails';
import { xsrfTokenFor } from '../modules/auth/guard';
import { fundClient } from './factories';
import { createSignedInUser, createTestContext, type TestContext } from './app';

const RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 5_000));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes never sent as a signed-in role: they end the session the fuzzer needs (fuzzed as a visitor). */
const SESSION_ENDING = new Set(['POST /api/auth/signout']);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const HUGE = 'A'.repeat(100_000);
const hostileStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'nul\u0000byte',
  '\uD800',
  '\uDFFF\uD800',
  '𝕳𝖊𝖑𝖑𝖔 🚀👩‍👩‍👧‍👦',
  '\u202Egnp.exe',
  'ﷺ٣٤٥',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '%s%n%x',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '',
  ' ',
  '\t\n\r',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '-0.01',
  '12.345',
  '0.001',
  '0x1F',
  '1,000.00',
  '١٢٣',
  '99999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a@b',
  'x'.repeat(300),
  HUGE,
];
const hostileNumbers = [
  -1,
  0,
  -0.01,
  12.345,
  0.001,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  1e21,
  100_000_000_000,
  1.005,
  0.1 + 0.2,
];
const wrongTypes: Json[] = [
  null,
  true,
  false,
  [],
  [1, 2, 3],
  ['a'],
  {},
  { nested: { deep: [1, { x: null }] } },
  123,
  '123',
];

const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...wrongTypes) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

const extraKeys = [
  'isAdmin',
  'role',
  'balance',
  'userId',
  '_id',
  'id',
  'status',
  'emailVerified',
  'banned',
  'password',
  'x',
];

/** Bodies sent as raw text: broken JSON and JSON that parses into surprises. */
const rawBodies = [
  '{',
  '{"amount": NaN}',
  '{"amount": 1e999}',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '[' + '['.repeat(5_000) + ']'.repeat(5_000) + ']',
  '{"a":' + '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_001),
  'null',
  '"just a string"',
  '12',
  '\u0000',
  '{"amount": "1"}garbage',
  '\uFEFF{}',
];

// ---------------------------------------------------------------------------------------------
// Plausible values from a route's schema
// ---------------------------------------------------------------------------------------------

/** The JSON Schema of a route's zod schema (input side); {} when it has none or it cannot be shown. */
function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  if ('_zod' in schema) {
    try {
      return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return schema as JsonSchema;
}

function plausible(js: JsonSchema, knownIds: string[], depth = 0): fc.Arbitrary<Json> {
  if (depth > 4) return fc.constant(null);
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum && js.enum.length > 0) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((a) => plausible(a, knownIds, depth + 1)));
  if (js.allOf && js.allOf.length > 0) return plausible(js.allOf[0]!, knownIds, depth + 1);
  const type = [js.type ?? ''].flat().find((t) => t !== 'null') ?? '';
  switch (type) {
    case 'string': {
      if (js.format === 'uuid')
        return knownIds.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...knownIds)) : fc.uuid();
      if (js.format === 'email') return fc.emailAddress();
      if (js.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (js.pattern) {
        try {
          return fc.stringMatching(new RegExp(js.pattern)).filter((s) => s.length <= 200);
        } catch {
          // a pattern fast-check cannot read: plain strings
        }
      }
      const min = js.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(js.maxLength ?? 30, 60)) });
    }
    case 'number':
      return fc
        .double({ min: js.minimum ?? 0, max: Math.min(js.maximum ?? 100_000, 1e9), noNaN: true })
        .map((n) => Math.round(n * 100) / 100);
    case 'integer':
      return fc.integer({ min: Math.max(js.minimum ?? 0, -1e9), max: Math.min(js.maximum ?? 100, 1e9) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(js.items ?? {}, knownIds, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = js.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, plausible(v, knownIds, depth + 1)]),
      );
      return fc.record(record, {
        requiredKeys: (js.required ?? []).filter((k) => k in props),
      }) as fc.Arbitrary<Json>;
    }
    default:
      // unrepresentable (dates, custom types) or no schema: something string-like
      return fc.oneof(fc.constant('2026-01-15'), fc.string({ maxLength: 20 }));
  }
}

type Mutation = (o: Record<string, Json>) => Json;

/** A plausible object with 0–3 hostile mutations (sometimes replaced whole by a hostile value). */
function mutatedObject(js: JsonSchema, knownIds: string[]): fc.Arbitrary<Json> {
  const keys = Object.keys(js.properties ?? {});
  const base = (
    keys.length > 0 ? plausible({ ...js, type: 'object' }, knownIds) : fc.constant({})
  ) as fc.Arbitrary<Record<string, Json>>;
  const mutations: Array<fc.Arbitrary<Mutation>> = [
    fc
      .tuple(fc.constantFrom(...extraKeys, ...keys.map((k) => `${k}_`)), hostileValue)
      .map(([k, v]): Mutation => (o) => ({ ...o, [k]: v })),
    hostileValue.map(
      (v): Mutation =>
        () =>
          v,
    ),
  ];
  if (keys.length > 0) {
    mutations.push(
      fc.constantFrom(...keys).map(
        (k): Mutation =>
          (o) =>
            Object.fromEntries(Object.entries(o).filter(([key]) => key !== k)),
      ),
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]): Mutation => (o) => ({ ...o, [k]: v })),
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]): Mutation => (o) => ({ ...o, [k]: v })),
    );
  }
  return fc
    .tuple(base, fc.array(fc.oneof(...mutations), { maxLength: 3 }))
    .map(([o, ms]) =>
      ms.reduce<Json>((acc, m) => (acc && typeof acc === 'object' && !Array.isArray(acc) ? m(acc) : acc), o),
    );
}

function queryString(value: Json): string {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return value === null ? '' : `?${segment(value)}`;
  const params = new URLSearchParams();
  const text = (v: Json) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, text(item));
    else params.append(k, text(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A path segment: percent-encoded, or raw when it cannot be (lone surrogates) or on purpose. */
function segment(value: Json): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  if (s === '') return '%20';
  try {
    return encodeURIComponent(s).slice(0, 3000);
  } catch {
    return '%ED%A0%80';
  }
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Role = 'visitor' | 'client' | 'admin';

interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface Identity {
  token: string;
  xsrf: string;
}

function requestsFor(
  route: RouteEntry,
  knownIds: string[],
  identities: () => Record<'client' | 'admin', Identity>,
) {
  const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown };
  const bodySchema = jsonSchemaOf(schema.body);
  const querySchema = jsonSchemaOf(schema.querystring);
  const paramSchema = jsonSchemaOf(schema.params);
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const hasBody = !['GET', 'HEAD'].includes(route.method);

  const param = (name: string) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: plausible(paramSchema.properties?.[name] ?? { type: 'string', format: 'uuid' }, knownIds),
      },
      { weight: 2, arbitrary: knownIds.length > 0 ? fc.constantFrom(...knownIds) : fc.uuid() },
      { weight: 3, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '..', '.', '%2e%2e%2f', '%00') },
    );
  const params = fc.tuple(...paramNames.map((n) => param(n).map((v) => [n, v] as const))) as fc.Arbitrary<
    Array<readonly [string, Json]>
  >;
  const body = fc.oneof(
    { weight: 8, arbitrary: mutatedObject(bodySchema, knownIds).map((b) => ({ json: b })) },
    { weight: 1, arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ none: true as const }) },
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: mutatedObject(querySchema, knownIds) },
  );
  const role = fc.constantFrom<Role>('visitor', 'client', 'admin');
  const style = fc.constantFrom('bearer', 'bearer', 'cookie', 'forged', 'hostile');
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ),
    },
  );
  const idempotencyKey = fc.option(
    fc.constantFrom('k-1', ' ', 'x'.repeat(300), 'ключ', "'; DROP TABLE idempotency_keys; --"),
    {
      freq: 3,
    },
  );
  const hostileAuth = fc.constantFrom(
    'Bearer garbage',
    'Bearer ',
    `Bearer ${'x'.repeat(300)}`,
    'Bearer %E0%A4%A.sig',
    'Bearer a.%ZZ',
    'Bearer ....',
    'Basic Zm9vOmJhcg==',
    'bearer \u0000',
    'Bearer 00000000-0000-0000-0000-000000000000',
  );

  return fc
    .record({ role, style, params, body, query, contentType, idempotencyKey, hostileAuth })
    .map((r): FuzzRequest => {
      let path = route.url;
      for (const [name, value] of r.params) path = path.replace(`:${name}`, segment(value));
      path = path.replace('*', 'fuzz/../x');
      const headers: Record<string, string> = {};
      const role = SESSION_ENDING.has(`${route.method} ${route.url}`) ? 'visitor' : r.role;
      if (role === 'visitor') {
        if (r.style === 'hostile') headers.authorization = r.hostileAuth;
      } else {
        const id = identities()[role];
        headers.authorization = `Bearer ${id.token}`;
        if (r.style === 'cookie')
          Object.assign(headers, { cookie: `${XSRF.cookie}=${id.xsrf}`, [XSRF.header]: id.xsrf });
        if (r.style === 'forged')
          Object.assign(headers, { cookie: `${XSRF.cookie}=${id.xsrf}`, [XSRF.header]: 'forged' });
        if (r.style === 'hostile') headers.cookie = `${XSRF.cookie}=${encodeURIComponent('\'"<script>')}`;
      }
      if (r.idempotencyKey !== null && route.method === 'POST') headers['idempotency-key'] = r.idempotencyKey;
      let payload: string | undefined;
      if (hasBody && !('none' in r.body)) {
        payload = 'raw' in r.body ? r.body.raw : JSON.stringify(r.body.json);
        headers['content-type'] = r.contentType;
      }
      return {
        role,
        method: route.method,
        url: path + (r.query === null ? '' : queryString(r.query)),
        headers,
        payload,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

/**
 * Tables whose content may change while a refused request runs, by design: wrong-code counters, and
 * the mail outbox, whose worker marks earlier mails sent in the background. A refused request must
 * still add no row to them (no mail for a refused request).
 */
const COUNT_ONLY = new Set(['one_time_codes', 'mail_outbox']);
const EXEMPT = new Set(['verifications']);
/**
 * Rows of a table left out of its snapshot: the per-account failure budgets a wrong guess spends,
 * and the e-mail to the owner when the guess that ends the budget locks the account.
 */
const ROWS_EXEMPT: Record<string, string> = {
  rate_limit_hits: ` where x.key not like 'acct:%-fail:%'`,
  mail_outbox: ` where x.subject <> '${accountLockedMail({ email: 'x@example.com' }).subject}'`,
};

describe('fuzz: hostile input on every route', () => {
  let ctx: TestContext;
  let snapshotSql: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const { db } = ctx.database;
    const result = await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const tables = rowsOf<{ name: string }>(result)
      .map((r) => r.name)
      .filter((t) => !EXEMPT.has(t));
    snapshotSql = tables
      .map((t) =>
        COUNT_ONLY.has(t)
          ? `select '${t}' as t, count(*)::int as n, '' as h from "${t}" x${ROWS_EXEMPT[t] ?? ''}`
          : `select '${t}' as t, count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${t}" x${ROWS_EXEMPT[t] ?? ''}`,
      )
      .join(' union all ');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** The last full snapshot, with the transaction ids (pg_current_snapshot) read just before it. */
  let last: { xids: string; tables: string } | null = null;
  let hashed = 0;
  /**
   * Row count and content hash of every table. Every insert, update or delete takes a transaction
   * id, so when none has been handed out since the last full snapshot (same `xmin:xmax:in-progress`)
   * and none was in progress then, no row can have changed: the last one is returned as it is. On
   * PGlite (one connection, this file's own) that skips most of the hashing; on PostgreSQL other
   * files' databases share the counter, so the tables are hashed nearly every time.
   */
  async function snapshot(): Promise<string> {
    const { db } = ctx.database;
    const [xid] = rowsOf<{ s: string }>(await db.execute(sql`select pg_current_snapshot()::text as s`));
    const xids = xid?.s ?? '';
    if (last && last.xids === xids && xids.endsWith(':')) return last.tables;
    const rows = rowsOf<{ t: string; n: number; h: string }>(await db.execute(sql.raw(snapshotSql)));
    hashed += 1;
    last = { xids, tables: rows.map((r) => `${r.t}:${r.n}:${r.h}`).join('|') };
    return last.tables;
  }

  it('sees a row written behind the app, and a write undone leaves the tables as they were', async () => {
    const { db } = ctx.database;
    const first = await snapshot();
    expect(await snapshot()).toBe(first);
    await db.execute(
      sql`insert into contact_messages (name, email, message) values ('Probe', 'probe@example.com', 'hello')`,
    );
    const written = await snapshot();
    expect(written).not.toBe(first);
    await db.execute(sql`delete from contact_messages where email = 'probe@example.com'`);
    expect(await snapshot()).toBe(first);
  });

  it('regressions found by fuzzing answer 4xx, not 500', async () => {
    const { app } = ctx;
    const client = await createSignedInUser(app);
    const cases = [
      // malformed percent-encoding and a NUL byte in the bearer token (guard.ts)
      { method: 'GET', url: '/api/auth/user', headers: { authorization: 'Bearer %E0%A4%A.sig' } },
      { method: 'GET', url: '/api/auth/user', headers: { authorization: 'Bearer a.%ZZ' } },
      { method: 'GET', url: '/api/auth/user', headers: { authorization: 'bearer \u0000' } },
      // a NUL character in a text field the database cannot store (app.ts error handler)
      { method: 'POST', url: '/api/support', headers: client.headers, payload: { message: 'nul\u0000byte' } },
      {
        method: 'POST',
        url: '/api/contacts',
        payload: { name: 'A\u0000', email: 'a@example.com', message: 'Hello there\u0000' },
      },
      {
        method: 'GET',
        url: `/api/user/admin/email/${encodeURIComponent('a\u0000@b.c')}`,
        headers: client.headers,
      },
    ] as const;
    for (const c of cases) {
      const res = await app.inject(c as unknown as InjectOptions);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it(`answers no 5xx to ${RUNS} hostile requests, and a refused request writes nothing`, async () => {
    const { app } = ctx;
    const { db } = ctx.database;
    const secret = app.ctx.config.sessionSecret;
    const signIn = async (role: 'client' | 'owner'): Promise<Identity> => {
      const u = await createSignedInUser(app, { role });
      if (role === 'client') await fundClient(db, u.id, 50_000_00n);
      return { token: u.token, xsrf: xsrfTokenFor(secret, u.token) };
    };
    const ids = { client: await signIn('client'), admin: await signIn('owner') };
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && METHODS.has(r.method),
    );
    expect(routes.length).toBeGreaterThan(30);

    // ids of real rows, so params and bodies sometimes point at existing users, deposits, entries…
    const knownIds = async (): Promise<string[]> => {
      const found: string[] = [];
      for (const t of [
        'users',
        'deposits',
        'withdrawals',
        'journal_entries',
        'notifications',
        'support_tickets',
        'plans',
        'trading_activities',
      ]) {
        const rows = rowsOf<{ id: string }>(
          await db
            .execute(sql.raw(`select id::text as id from "${t}" order by random() limit 3`))
            .catch(() => []),
        );
        found.push(...rows.map((r) => r.id));
      }
      return found;
    };
    const pool = await knownIds();

    const perRoute = Math.ceil(RUNS / routes.length);
    const failures: string[] = [];
    const writes: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let before = await snapshot();
    console.info(`fuzz: ${routes.length} routes, ${perRoute} requests each, FUZZ_SEED=${SEED}`);

    for (const [i, route] of routes.entries()) {
      const samples = fc.sample(
        requestsFor(route, pool, () => ids),
        { numRuns: perRoute, seed: SEED + i },
      );
      for (const req of samples) {
        const res = await app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          payload: req.payload,
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const after = await snapshot();
        const where = `${route.method} ${route.url} as ${req.role}: ${req.method} ${clip(req.url)} ${clip(JSON.stringify(req.headers))} body ${clip(req.payload ?? '')}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${clip(res.body)} ← ${where}`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          if (after !== before)
            writes.push(`${res.statusCode} ${clip(res.body)} wrote ${diff(before, after)} ← ${where}`);
          const body = (() => {
            try {
              return JSON.parse(res.body) as { code?: unknown; message?: unknown };
            } catch {
              return null;
            }
          })();
          if (typeof body?.message !== 'string' || /\bat .+:\d+:\d+|node_modules/.test(res.body)) {
            failures.push(`${res.statusCode} not a clean {message}: ${clip(res.body)} ← ${where}`);
          }
          if (!isErrorCode(body?.code) || ERRORS[body.code].status !== res.statusCode) {
            failures.push(`${res.statusCode} without its catalogue code: ${clip(res.body)} ← ${where}`);
          }
        }
        before = after;
      }
      // a fuzzed admin may have blocked or deleted a fuzzed client (or itself): sign in afresh
      for (const role of ['client', 'admin'] as const) {
        const me = await app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${ids[role].token}` },
        });
        if (me.statusCode !== 200 || (role === 'admin' && me.json().data?.isAdmin === false)) {
          ids[role] = await signIn(role === 'admin' ? 'owner' : role);
          before = await snapshot();
        }
      }
    }

    console.info(
      `fuzz: ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ` +
        `${failures.length} failures, ${writes.length} refused requests that wrote; tables hashed ${hashed} times`,
    );
    for (const f of [...failures, ...writes].slice(0, 40)) console.error(`fuzz: ${f}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(failures).toEqual([]);
    expect(writes).toEqual([]);
  }, 600_000);
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function clip(s: string, n = 300): string {
  return s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s;
}

function diff(before: string, after: string): string {
  const a = new Set(before.split('|'));
  return after
    .split('|')
    .filter((x) => !a.has(x))
    .map((x) => x.split(':')[0])
    .join(', ');
}
