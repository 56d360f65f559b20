/**
 * Authorization matrix. Every /api route is read from the app's route table and
 * called as a visitor, client A, client B (on A's objects), an unconfirmed client, a blocked client
 * and an admin; the expected outcome comes from POLICY below, one line per route. A route missing
 * from POLICY fails the test, and so does a POLICY line whose route no longer exists.
 *
 * Access levels:
 * - `public`: anyone (called as a visitor only: sign-out and friends act on the caller's session).
 * - `user`: any signed-in client or admin that is not blocked; a visitor gets 401, a blocked one 401/403.
 *   Client B's answer must not contain any of client A's object ids or e-mail (lists filter by owner).
 * - `verified`: as `user`, and an unconfirmed client gets 403.
 * - `admin`: admins only; clients get 403.
 * - `owner`: a signed-in user on one of client A's objects (the URL names it): A and admins pass,
 *   client B gets 403 or 404.
 * - `ownerOnly`: as `owner`, but admins get 403 or 404 too.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import {
  createAdmin,
  createClient,
  createTestUser,
  imageDataUrl,
  type TestUser,
} from '../modules/ledger/testing';
import { createTestContext, type TestContext } from './app';
import { expectAllKnown } from './expect';

type Access = 'public' | 'user' | 'verified' | 'admin' | 'owner' | 'ownerOnly';

/** Client A's objects, made through the API before the matrix runs. */
interface Fixture {
  a: TestUser;
  depositId: string;
  notificationId: string;
  ticketId: string;
  activityId: string;
}

interface Policy {
  access: Access;
  /** For owner routes: the URL naming A's object, and a valid body (so validation never answers first). */
  url?: (f: Fixture) => string;
  body?: unknown;
}

const p = (access: Access, url?: Policy['url'], body?: unknown): Policy => ({ access, url, body });

const POLICY: Record<string, Policy> = {
  'GET /api/docs': p('public'),
  'GET /api/docs/static/index.html': p('public'),
  'GET /api/docs/static/swagger-initializer.js': p('public'),
  'GET /api/docs/json': p('public'),
  'GET /api/docs/yaml': p('public'),
  'GET /api/docs/static/*': p('public'),
  'GET /api/health': p('public'),

  'POST /api/auth/signup': p('public'),
  'POST /api/auth/signin': p('public'),
  'POST /api/auth/verify-email': p('user'),
  'POST /api/auth/resend-otp': p('user'),
  'POST /api/auth/signout': p('public'),
  'GET /api/auth/user': p('user'),
  'POST /api/auth/change-password': p('user'),
  'POST /api/auth/forgot-password': p('public'),
  'POST /api/auth/reset-password': p('public'),
  'POST /api/auth/two-factor/verify': p('public'),
  'POST /api/auth/two-factor/setup': p('user'),
  'POST /api/auth/two-factor/enable': p('user'),
  'POST /api/auth/two-factor/disable': p('user'),
  'GET /api/auth/sessions': p('user'),
  'DELETE /api/auth/sessions/:id': p('user'),
  'POST /api/auth/sessions/revoke-others': p('user'),
  'GET /api/auth/sign-in-history': p('user'),

  'GET /api/ledger/account': p('user'),

  'POST /api/deposits': p('verified'),
  'GET /api/deposits/wallets': p('user'),
  'GET /api/deposits': p('user'),
  'PUT /api/deposits/:id/approve': p('admin'),
  'PUT /api/deposits/:id/reject': p('admin'),
  'DELETE /api/deposits/:id': p('admin'),

  'POST /api/withdrawals/code': p('verified'),
  'POST /api/c-withdrawals': p('verified'),
  'GET /api/c-withdrawals': p('user'),
  'PUT /api/c-withdrawals/:id/approve': p('admin'),
  'PUT /api/c-withdrawals/:id/reject': p('admin'),
  'DELETE /api/c-withdrawals/:id': p('admin'),
  'POST /api/b-withdrawals': p('verified'),
  'GET /api/b-withdrawals': p('user'),
  'PUT /api/b-withdrawals/:id/approve': p('admin'),
  'PUT /api/b-withdrawals/:id/reject': p('admin'),
  'DELETE /api/b-withdrawals/:id': p('admin'),

  'GET /api/transaction': p('user'),
  'GET /api/transaction/all': p('user'),
  'GET /api/transaction/export.csv': p('user'),
  'GET /api/transaction/admin': p('admin'),
  'POST /api/transaction/:id': p('admin'),
  'DELETE /api/transaction/:id': p('admin'),
  'GET /api/reviews/pending': p('admin'),

  'GET /api/notifications/user': p('user'),
  'PUT /api/notifications/user/read': p('user'),
  'GET /api/notifications': p('admin'),
  'POST /api/notifications': p('admin'),
  'DELETE /api/notifications/:id': p('owner', (f) => `/api/notifications/${f.notificationId}`),

  'GET /api/files/deposits/:id': p('owner', (f) => `/api/files/deposits/${f.depositId}`),
  'GET /api/files/profile-pictures/:userId': p('owner', (f) => `/api/files/profile-pictures/${f.a.id}`),
  'GET /api/files/kyc/:userId/:side': p('owner', (f) => `/api/files/kyc/${f.a.id}/front`),

  'POST /api/contacts': p('public'),
  'GET /api/contacts': p('admin'),
  'DELETE /api/contacts/:id': p('admin'),

  'GET /api/user/me': p('user'),
  'GET /api/user/admin': p('admin'),
  'GET /api/user/admin/export.csv': p('admin'),
  'GET /api/user/admin/overview': p('admin'),
  'GET /api/user/admin/email/:email': p('admin'),
  'GET /api/user/admin/:id': p('admin'),
  'PUT /api/user/admin/:id': p('admin'),
  'PUT /api/user/admin/:id/verification': p('admin'),
  'POST /api/user/admin/:id/block': p('admin'),
  'POST /api/user/admin/:id/unblock': p('admin'),
  'GET /api/user/admin/:id/sign-in-history': p('admin'),
  'GET /api/user/admin/:id/sessions': p('admin'),
  'POST /api/user/admin/:id/reset-two-factor': p('admin'),
  'DELETE /api/user/admin/:id': p('admin'),
  'PUT /api/user/admin/account/:id': p('admin'),
  'POST /api/user/admin/account/:id/adjustments': p('admin'),
  'PATCH /api/user/profile': p('user'),
  'POST /api/user/profile-picture': p('user'),
  'POST /api/user/verification': p('verified'),
  'GET /api/user/referrals/:id': p('owner', (f) => `/api/user/referrals/${f.a.id}`),
  'POST /api/user/active-plan': p('verified'),
  'PUT /api/user/admin/active-plan/:id': p('admin'),
  'DELETE /api/user/admin/active-plan/:id': p('admin'),
  'POST /api/user/admin/add-profit/:id': p('admin'),
  'POST /api/user/admin/email': p('admin'),

  'GET /api/trading-activity': p('user'),
  'GET /api/trading-activity/admin': p('admin'),
  'GET /api/trading-activity/:id': p('owner', (f) => `/api/trading-activity/${f.activityId}`),
  'POST /api/trading-activity': p('admin'),
  'PUT /api/trading-activity/:id': p('admin'),
  'DELETE /api/trading-activity/:id': p('admin'),

  'POST /api/support': p('user'),
  'GET /api/support/user': p('user'),
  'POST /api/support/:id/replies': p('ownerOnly', (f) => `/api/support/${f.ticketId}/replies`, {
    message: 'One more detail',
  }),
  'GET /api/support': p('admin'),
  'PUT /api/support/:id': p('admin'),
  'DELETE /api/support/:id': p('admin'),

  'GET /api/audit': p('admin'),
  'GET /api/audit/filters': p('admin'),
};

const RANDOM_ID = '6f1c2b7e-4d3a-4c55-9e8f-0a1b2c3d4e5f';

/** The route's URL with every parameter filled by a harmless value (no object of anyone). */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/\*$/, 'nothing.txt')
    .replace(/:email/g, 'nobody%40example.com')
    .replace(/:side/g, 'front')
    .replace(/:[A-Za-z]+/g, RANDOM_ID);
}

let t: TestContext;
let f: Fixture;
let b: TestUser;
let unverified: TestUser;
let blocked: TestUser;
let admin: TestUser;
const routes: Array<{ key: string; method: string; url: string }> = [];

async function call(method: string, url: string, who: TestUser | null, body?: unknown) {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers: who ? who.headers : {},
    ...(withBody && { payload: (body ?? {}) as InjectOptions['payload'] }),
  };
  return t.app.inject(options);
}

async function ok(method: string, url: string, who: TestUser, payload: unknown) {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as { data: { _id: string } };
}

beforeAll(async () => {
  t = await createTestContext();
  t.app.ctx.mailer.send = async () => undefined;
  admin = await createAdmin(t.app);
  const a = await createClient(t.app, { balance: 5_000_00n });
  b = await createClient(t.app, { balance: 5_000_00n });
  unverified = await createTestUser(t.app, { emailVerified: false });
  blocked = await createClient(t.app);
  await t.database.db.update(users).set({ banned: true }).where(eq(users.id, blocked.id));

  const png = await imageDataUrl();
  const deposit = await ok('POST', '/api/deposits', a, { amount: 100, image: png, wallet: 'bitcoin' });
  const notification = await ok('POST', '/api/notifications', admin, {
    userId: a.id,
    title: 'Hello',
    message: 'Welcome',
  });
  const ticket = await ok('POST', '/api/support', a, { message: 'I need help' });
  await ok('POST', '/api/user/active-plan', a, { amount: 500, duration: 1, plan: 'investment' });
  const activities = (await (await call('GET', '/api/trading-activity', a)).json()) as {
    data: Array<{ _id: string }>;
  };
  f = {
    a,
    depositId: deposit.data._id,
    notificationId: notification.data._id,
    ticketId: ticket.data._id,
    activityId: activities.data[0]!._id,
  };

  for (const r of t.app.routeTable) {
    if (!r.url.startsWith('/api') || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    routes.push({ key: `${r.method} ${r.url}`, method: r.method, url: r.url });
  }
});
afterAll(async () => t?.close());

const refused = [401, 403];

describe('authorization matrix', () => {
  it('has a policy for every route and a route for every policy', () => {
    const keys = new Set(routes.map((r) => r.key));
    expectAllKnown(
      routes.map((r) => r.key),
      POLICY,
      'routes missing from POLICY',
    );
    expectAllKnown(Object.keys(POLICY), keys, 'POLICY lines without a route');
  });

  it('answers each role as its policy says', async () => {
    const failures: string[] = [];
    const expectStatus = (
      who: string,
      key: string,
      status: number,
      allowed: (s: number) => boolean,
      want: string,
    ) => {
      if (!allowed(status)) failures.push(`${key} as ${who}: ${status}, expected ${want}`);
    };
    const leaks = [f.depositId, f.notificationId, f.ticketId, f.activityId, f.a.email];

    for (const { key, method, url: pattern } of routes) {
      const policy = POLICY[key];
      if (!policy) continue; // reported by the test above
      const url = policy.url ? policy.url(f) : concreteUrl(pattern);
      const body = policy.body;

      const visitor = await call(method, url, null, body);
      if (policy.access === 'public') {
        expectStatus(
          'visitor',
          key,
          visitor.statusCode,
          (s) => !refused.includes(s) && s < 500,
          'not 401/403/5xx',
        );
        continue;
      }
      expectStatus('visitor', key, visitor.statusCode, (s) => s === 401, '401');

      const blockedRes = await call(method, url, blocked, body);
      expectStatus('blocked client', key, blockedRes.statusCode, (s) => refused.includes(s), '401/403');

      const unverifiedRes = await call(method, url, unverified, body);
      if (policy.access === 'verified' || policy.access === 'admin')
        expectStatus('unconfirmed client', key, unverifiedRes.statusCode, (s) => s === 403, '403');

      const bRes = await call(method, url, b, body);
      if (policy.access === 'admin') expectStatus('client B', key, bRes.statusCode, (s) => s === 403, '403');
      else if (policy.access === 'owner' || policy.access === 'ownerOnly')
        expectStatus(
          "client B on A's object",
          key,
          bRes.statusCode,
          (s) => s === 403 || s === 404,
          '403/404',
        );
      else if (method === 'GET' && bRes.statusCode < 300) {
        const leaked = leaks.filter((needle) => bRes.body.includes(needle));
        if (leaked.length > 0) failures.push(`${key} as client B shows client A's ${leaked.join(', ')}`);
      }

      if (policy.access !== 'admin') {
        const aRes = await call(method, url, f.a, body);
        expectStatus(
          'client A',
          key,
          aRes.statusCode,
          (s) => !refused.includes(s) && s < 500,
          'not 401/403/5xx',
        );
      }

      const adminRes = await call(method, url, admin, body);
      if (policy.access === 'ownerOnly')
        expectStatus('admin', key, adminRes.statusCode, (s) => s === 403 || s === 404, '403/404');
      else
        expectStatus(
          'admin',
          key,
          adminRes.statusCode,
          (s) => !refused.includes(s) && s < 500,
          'not 401/403/5xx',
        );
    }
    expect(failures).toEqual([]);
  });
});
