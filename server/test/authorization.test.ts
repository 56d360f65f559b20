/**
 * Authorization matrix. Every /api route is read from the app's route table and called as a
 * visitor, client A, client B (on A's objects), an unconfirmed client, a blocked client, a member
 * of each staff role (support, compliance, finance, owner) and a deactivated staff member; the
 * expected outcome comes from POLICY below, one line per route, and the permission table
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
import { can, STAFF_ROLES, type Permission, type StaffRole } from '@common/permissions';
import { users } from '../db/schema';
import { createClient, createTestUser, imageDataUrl, type TestUser } from './factories';
import { createTestContext, type TestContext } from './app';
import { expectAllKnown } from './expect';
import { asCaller, concreteUrl, targetAxisFailures, type StaffRoute } from './target-axis';
import { AUTH_POLICY } from './authorization-auth';

type Access = 'public' | 'user' | 'verified' | 'client' | 'staff' | 'owner' | 'ownerOnly';

/** Client A's objects, made through the API before the matrix runs. */
interface Fixture {
  a: TestUser;
  depositId: string;
  notificationId: string;
  ticketId: string;
  activityId: string;
  beneficiaryId: string;
}

interface Policy {
  access: Access;
  /** For staff and owner routes: the permission a staff member needs. */
  permission?: Permission;
  /** For owner routes: the URL naming A's object, and a valid body (so validation never answers first). */
  url?: (f: Fixture) => string;
  body?: unknown;
}

const p = (access: Access, url?: Policy['url'], body?: unknown): Policy => ({ access, url, body });
/** A staff route that needs `permission`. */
const staff = (permission: Permission): Policy => ({ access: 'staff', permission });
/** A route on client A's object (`url`), open to A and to staff with `permission`. */
const owned = (url: Policy['url'], permission: Permission = 'clients.read'): Policy => ({
  access: 'owner',
  url,
  permission,
});

const POLICY: Record<string, Policy> = {
  'GET /api/docs': p('public'),
  'GET /api/docs/static/index.html': p('public'),
  'GET /api/docs/static/swagger-initializer.js': p('public'),
  'GET /api/docs/json': p('public'),
  'GET /api/docs/yaml': p('public'),
  'GET /api/docs/static/*': p('public'),
  'GET /api/health': p('public'),
  'GET /api/health/live': p('public'),
  'GET /api/health/ready': p('public'),

  // /api/auth: sign-in, account security and passkeys (authorization-auth.ts)
  ...AUTH_POLICY,

  'GET /api/ledger/account': p('user'),

  'POST /api/deposits': p('client'),
  'GET /api/deposits/wallets': p('user'),
  'GET /api/deposits': p('user'),
  'PUT /api/deposits/:id/approve': staff('deposits.review'),
  'PUT /api/deposits/:id/reject': staff('deposits.review'),
  'DELETE /api/deposits/:id': staff('deposits.review'),

  'POST /api/withdrawals/code': p('client'),
  'POST /api/c-withdrawals': p('client'),
  'GET /api/c-withdrawals': p('user'),
  'PUT /api/c-withdrawals/:id/approve': staff('withdrawals.review'),
  'PUT /api/c-withdrawals/:id/reject': staff('withdrawals.review'),
  'DELETE /api/c-withdrawals/:id': staff('withdrawals.review'),
  'POST /api/b-withdrawals': p('client'),
  'GET /api/b-withdrawals': p('user'),
  'PUT /api/b-withdrawals/:id/approve': staff('withdrawals.review'),
  'PUT /api/b-withdrawals/:id/reject': staff('withdrawals.review'),
  'DELETE /api/b-withdrawals/:id': staff('withdrawals.review'),

  // the withdrawal address book: a client's own (staff: 403); staff read it on the client's page
  'GET /api/beneficiaries': p('client'),
  'POST /api/beneficiaries': p('client'),
  'POST /api/beneficiaries/confirm': p('client'),
  'PATCH /api/beneficiaries/:id': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}`, {
    label: 'Renamed',
  }),
  'POST /api/beneficiaries/:id/cancel': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}/cancel`),
  'DELETE /api/beneficiaries/:id': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}`),
  'GET /api/beneficiaries/admin/:id': staff('beneficiaries.read'),
  'GET /api/security-holds/current': p('user'),
  'GET /api/security-holds/admin/:id': staff('clients.read'),
  'GET /api/limits': p('client'),
  'GET /api/limits/levels': staff('limits.manage'),
  'PUT /api/limits/levels/:level': staff('limits.manage'),
  'PUT /api/limits/address/:id': staff('kyc.review'),
  'DELETE /api/limits/address/:id': staff('kyc.review'),
  'GET /api/api-keys': staff('apiKeys.manage'),
  'POST /api/api-keys': staff('apiKeys.manage'),
  'POST /api/api-keys/:id/revoke': staff('apiKeys.manage'),

  'GET /api/transaction': p('user'),
  'GET /api/transaction/all': p('user'),
  'GET /api/transaction/export.csv': p('user'),
  'GET /api/transaction/value-history': p('user'),
  // signed statements: the signed-in user's own (no user id in the URL); verifying a file is public
  'GET /api/transparency/statement': p('user'),
  'GET /api/transparency/statements': p('user'),
  'GET /api/transparency/evidence': p('client'),
  'POST /api/transparency/verify-statement': p('public'),
  'GET /api/transaction/admin': staff('clients.read'),
  'POST /api/transaction/:id': staff('ledger.adjust'),
  'DELETE /api/transaction/:id': staff('transactions.void'),
  'GET /api/reviews/pending': staff('deposits.review'),
  'GET /api/reviews/client/:id': staff('deposits.review'),

  'GET /api/notifications/user': p('user'),
  'PUT /api/notifications/user/read': p('user'),
  'GET /api/notifications': staff('clients.read'),
  'POST /api/notifications': staff('notifications.send'),
  'DELETE /api/notifications/:id': owned(
    (f) => `/api/notifications/${f.notificationId}`,
    'notifications.send',
  ),

  'GET /api/files/deposits/:id': owned((f) => `/api/files/deposits/${f.depositId}`),
  'GET /api/files/profile-pictures/:userId': owned((f) => `/api/files/profile-pictures/${f.a.id}`),
  'GET /api/files/kyc/:userId/:side': owned((f) => `/api/files/kyc/${f.a.id}/front`, 'kyc.review'),

  'POST /api/contacts': p('public'),
  'GET /api/contacts': staff('contacts.manage'),
  'DELETE /api/contacts/:id': staff('contacts.manage'),

  'GET /api/user/me': p('user'),
  'GET /api/user/admin': staff('clients.read'),
  'GET /api/user/admin/export.csv': staff('clients.read'),
  'GET /api/user/admin/overview': staff('clients.read'),
  'GET /api/user/admin/email/:email': staff('clients.read'),
  'GET /api/user/admin/:id': staff('clients.read'),
  'PUT /api/user/admin/:id': staff('clients.edit'),
  'PUT /api/user/admin/:id/verification': staff('kyc.review'),
  'POST /api/user/admin/:id/block': staff('clients.block'),
  'POST /api/user/admin/:id/unblock': staff('clients.block'),
  'GET /api/user/admin/:id/sign-in-history': staff('clients.read'),
  'GET /api/user/admin/:id/sessions': staff('clients.read'),
  'POST /api/user/admin/:id/reset-two-factor': staff('twoFactor.reset'),
  'DELETE /api/user/admin/:id': staff('clients.delete'),
  'PUT /api/user/admin/account/:id': staff('clients.edit'),
  'POST /api/user/admin/account/:id/adjustments': staff('ledger.adjust'),
  'PATCH /api/user/profile': p('user'),
  'POST /api/user/profile-picture': p('user'),
  'POST /api/user/verification': p('client'),
  'GET /api/user/referrals/:id': owned((f) => `/api/user/referrals/${f.a.id}`),
  'POST /api/user/active-plan': p('client'),
  'PUT /api/user/admin/active-plan/:id': staff('plans.manage'),
  'DELETE /api/user/admin/active-plan/:id': staff('plans.manage'),
  'POST /api/user/admin/add-profit/:id': staff('profits.post'),
  'POST /api/user/admin/email': staff('emailing.send'),

  'GET /api/trading-activity': p('user'),
  'GET /api/trading-activity/admin': staff('clients.read'),
  'GET /api/trading-activity/:id': owned((f) => `/api/trading-activity/${f.activityId}`),
  'POST /api/trading-activity': staff('tradingActivity.edit'),
  'PUT /api/trading-activity/:id': staff('tradingActivity.edit'),
  'DELETE /api/trading-activity/:id': staff('tradingActivity.edit'),

  'POST /api/support': p('user'),
  'GET /api/support/user': p('user'),
  'POST /api/support/:id/replies': p('ownerOnly', (f) => `/api/support/${f.ticketId}/replies`, {
    message: 'One more detail',
  }),
  'GET /api/support': staff('support.manage'),
  'PUT /api/support/:id': staff('support.manage'),
  'DELETE /api/support/:id': staff('support.manage'),

  'GET /api/audit': staff('audit.read'),
  'GET /api/audit/filters': staff('audit.read'),
  'GET /api/audit/export.csv': staff('audit.read'),

  'GET /api/staff': staff('staff.manage'),
  'POST /api/staff': staff('staff.manage'),
  'PATCH /api/staff/:id': staff('staff.manage'),
  'POST /api/staff/:id/deactivate': staff('staff.manage'),
  'POST /api/staff/:id/reactivate': staff('staff.manage'),
  'POST /api/staff/:id/resend-invitation': staff('staff.manage'),
  'POST /api/staff/:id/block': staff('staff.manage'),
  'POST /api/staff/:id/unblock': staff('staff.manage'),
  'POST /api/staff/:id/reset-two-factor': staff('staff.manage'),
  'POST /api/staff/invitations/accept': p('public'),

  // off without METRICS_TOKEN (404 for everyone, as here); with it, a bearer token of its own
  'GET /api/metrics': p('public'),
  'GET /api/mail/outbox': staff('emailing.send'),
  'POST /api/mail/outbox/:id/retry': staff('emailing.send'),
  'GET /api/approvals': staff('approvals.decide'),
  'POST /api/approvals/:id/approve': staff('approvals.decide'),
  'POST /api/approvals/:id/reject': staff('approvals.decide'),
  'GET /api/transparency/liabilities': p('public'),
  'GET /api/transparency/liabilities/snapshots': p('public'),
  'GET /api/transparency/liabilities/proof': p('user'),
  'POST /api/transparency/liabilities': staff('ledger.adjust'),
  // the operator's declared reserves: a published setting, the same for everyone
  'GET /api/transparency/reserves': p('public'),
  'GET /api/transparency/tree-head': p('public'),
  // a deposit's id names its entry (404 until sealed: A and staff pass the guard, B gets the same 404)
  'GET /api/transparency/inclusion/:entryId': owned((f) => `/api/transparency/inclusion/${f.depositId}`),
  'GET /api/transparency/consistency': p('public'),
  // checkpoints and keys are published; a cosignature's credential is its signature by a configured witness
  'GET /api/transparency/checkpoint': p('public'),
  'GET /api/transparency/keys': p('public'),
  'POST /api/transparency/cosignatures': p('public'),
};

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
