/**
 * Authorization matrix. Every /api route is read from the app's route table and called as a
 * visitor, client A, client B (on A's objects), an unconfirmed client, a blocked client, a member
 * of each staff role (support, compliance, finance, owner) and a deactivated staff member; the
 * expected outcome comes from POLICY (authorization-policy.ts), one line per route, and the permission table
 * (common/permissions.ts). A route missing from POLICY fails the test, and so does a POLICY line
 * whose route no longer exists.
 *
 * Access levels:
 * - `public`: anyone (called as a visitor only: sign-out and friends act on the caller's session).
 * - `user`: any signed-in client or staff member that is not blocked or deactivated; a visitor gets
 *   401, a blocked one 401/403. Client B's answer must not contain any of client A's object ids or
 *   e-mail (lists filter by owner).
 * - `verified`: as `user`, and an unconfirmed client gets 403.
 * - `client`: as `verified`, and every staff member gets 403 (docs/security.md "Separation of duties").
 * - `staff`: staff whose role has the line's permission; clients and other roles get 403.
 * - `owner`: a signed-in user on one of client A's objects (the URL names it): A and staff with
 *   the line's permission pass, client B and other staff get 403 or 404.
 * - `ownerOnly`: as `owner`, but every staff member gets 403 or 404 too.
 *
 * The target axis (target-axis.ts): each staff route declaring whom it acts on, as each role, on
 * themselves, a client and another member of each role: its kind passes, any other person 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES, type StaffRole } from '@common/permissions';
import { users } from '../db/schema';
import { createClient, createTestUser, imageDataUrl, type TestUser } from './factories';
import { createTestContext, type TestContext } from './app';
import { expectAllKnown } from './expect';
import { asCaller, concreteUrl, targetAxisFailures, type StaffRoute } from './target-axis';
import { POLICY, type Fixture, type Policy } from './authorization-policy';

let t: TestContext;
let f: Fixture;
let b: TestUser;
let [unverified, blocked, deactivated]: TestUser[] = [];
const staffMembers = {} as Record<StaffRole, TestUser>;
const otherStaff = {} as Record<StaffRole, TestUser>;
const routes: StaffRoute[] = [];

const call = (method: string, url: string, who: TestUser | null, body?: unknown) =>
  t.app.inject(asCaller(method, url, who, body));

async function ok(method: string, url: string, who: TestUser, payload: unknown) {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as { data: { _id: string } };
}

beforeAll(async () => {
  t = await createTestContext();
  t.app.ctx.mailer.send = async () => undefined;
  for (const role of STAFF_ROLES) {
    staffMembers[role] = await createTestUser(t.app, { role });
    otherStaff[role] = await createTestUser(t.app, { role });
  }
  deactivated = await createTestUser(t.app, { role: 'owner' });
  await t.database.db
    .update(users)
    .set({ deactivatedAt: new Date(), banned: true })
    .where(eq(users.id, deactivated.id));
  const a = await createClient(t.app, { level: 'identity', balance: 5_000_00n });
  b = await createClient(t.app, { level: 'identity', balance: 5_000_00n });
  unverified = await createTestUser(t.app, { emailVerified: false });
  blocked = await createClient(t.app);
  await t.database.db.update(users).set({ banned: true }).where(eq(users.id, blocked.id));

  const png = await imageDataUrl();
  const deposit = await ok('POST', '/api/deposits', a, { amount: 100, image: png, wallet: 'bitcoin' });
  const notification = await ok('POST', '/api/notifications', staffMembers.owner, {
    userId: a.id,
    title: 'Hello',
    message: 'Welcome',
  });
  const ticket = await ok('POST', '/api/support', a, { message: 'I need help' });
  const beneficiary = await ok('POST', '/api/beneficiaries', a, {
    kind: 'crypto',
    label: 'Cold wallet',
    network: 'ethereum',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  });
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
    beneficiaryId: beneficiary.data._id,
  };

  for (const r of t.app.routeTable) {
    if (!r.url.startsWith('/api') || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    routes.push({ ...r, key: `${r.method} ${r.url}` });
  }
});
afterAll(async () => t?.close());

const refused = [401, 403];
/** An answer that let the caller through: neither refused nor a server error. */
const passed = (status: number) => !refused.includes(status) && status < 500;

/** Whether a staff member with `role` may call a route under `policy`. */
function allows(policy: Policy, role: StaffRole): boolean {
  if (policy.access === 'user' || policy.access === 'verified') return true;
  if (policy.access === 'staff' || policy.access === 'owner') return can(role, policy.permission!);
  return false;
}

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

  it('every staff route declares the permission its policy line names', () => {
    const declared = Object.fromEntries(routes.map((r) => [r.key, r.permission]));
    const expected = Object.fromEntries(
      Object.entries(POLICY).map(([key, policy]) => [
        key,
        policy.access === 'staff' ? policy.permission : undefined,
      ]),
    );
    expect(declared).toEqual(expected);
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
    const leaks = [f.depositId, f.notificationId, f.ticketId, f.activityId, f.beneficiaryId, f.a.email];

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
      const deactivatedRes = await call(method, url, deactivated, body);
      expectStatus(
        'deactivated staff',
        key,
        deactivatedRes.statusCode,
        (s) => refused.includes(s),
        '401/403',
      );

      const unverifiedRes = await call(method, url, unverified, body);
      if (policy.access === 'verified' || policy.access === 'client' || policy.access === 'staff')
        expectStatus('unconfirmed client', key, unverifiedRes.statusCode, (s) => s === 403, '403');

      const bRes = await call(method, url, b, body);
      if (policy.access === 'staff') expectStatus('client B', key, bRes.statusCode, (s) => s === 403, '403');
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

      if (policy.access !== 'staff') {
        const aRes = await call(method, url, f.a, body);
        expectStatus('client A', key, aRes.statusCode, passed, 'not 401/403/5xx');
      }

      // the roles without the permission first: an allowed call may change what the others see
      const byRole = [...STAFF_ROLES].sort((x, y) => Number(allows(policy, x)) - Number(allows(policy, y)));
      for (const role of byRole) {
        const res = await call(method, url, staffMembers[role], body);
        if (allows(policy, role)) expectStatus(role, key, res.statusCode, passed, 'not 401/403/5xx');
        else if (policy.access === 'staff' || policy.access === 'client')
          expectStatus(role, key, res.statusCode, (s) => s === 403, '403');
        else expectStatus(role, key, res.statusCode, (s) => s === 403 || s === 404, '403/404');
      }
    }
    expect(failures).toEqual([]);
    // every route by every role: about 10 s on a quiet machine, past 30 s beside the journeys
  }, 180_000);

  it('answers every staff route on each target as its declared kind says', async () => {
    expect(await targetAxisFailures(t.app, routes, staffMembers, otherStaff, concreteUrl)).toEqual([]);
  }, 180_000);
});
