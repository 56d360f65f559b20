/**
 * Every admin action that changes anything writes exactly one audit row. The mutating
 * admin routes are read from the app's route table (`app.routeTable`, filled by an onRoute hook):
 * every non-GET/HEAD/OPTIONS route whose guard is `guards.requireAdmin`, or whose URL has an
 * /admin segment. Each must have a case in CALLS below — a successful call made as an admin —
 * and that call must add exactly one audit row naming the admin. A new admin route without a
 * case fails this test; so does one whose call writes no row or two.
 */
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, users } from '../db/schema';
import {
  createClient,
  createTestUser,
  enrolTwoFactor,
  submitDeposit,
  submitWithdrawal,
  type TestUser,
} from './factories';
import { failedMail, UNKNOWN_ID } from './app';
import { useTestContext } from './context';
import { staffCalls, type Call } from './audit-staff-calls';
import { expectAllKnown } from './expect';

const { t, admin } = useTestContext();
beforeAll(() => {
  t.app.ctx.mailer.send = async () => undefined; // notices still get their rows; e-mail is not under test here
});

type Json = Record<string, unknown> & { data?: Record<string, unknown> & { _id?: string } };

/** A request as `who` (the admin by default) that must succeed; answers its JSON body. */
async function ok(call: Call, who: TestUser = admin): Promise<Json> {
  const res = await t.app.inject({ ...call, headers: who.headers } as InjectOptions);
  if (res.statusCode >= 300) throw new Error(`${call.method} ${call.url} → ${res.statusCode} ${res.body}`);
  return res.json() as Json;
}

const idOf = (body: Json) => String(body.data?._id);

// Setups: each makes fresh rows through the API, so every case stands alone.
/** A call whose payload is for a new client: its `userId`, then `payload`. */
const forNewClient = (method: string, url: string, payload: object) => async (): Promise<Call> => ({
  method,
  url,
  payload: { userId: (await createClient(t.app)).id, ...payload },
});
/** The calls that make a trading activity or a notification for a new client (cases and setups). */
const tradingActivityCall = forNewClient('POST', '/api/trading-activity', {
  tradeAmount: 100,
  profit: 5,
  plan: 'investment',
  statuss: 'active',
});
const notificationCall = forNewClient('POST', '/api/notifications', { title: 'Hello', message: 'A notice' });
/** A $5,000 credit adjustment another staff member asked for: the id of its pending approval request. */
const heldRequest = async () => {
  const maker = await createTestUser(t.app, { role: 'finance' });
  const c = await createClient(t.app);
  const payload = { direction: 'credit', amount: 5000, reason: 'Settlement' };
  return idOf(
    await ok({ method: 'POST', url: `/api/user/admin/account/${c.id}/adjustments`, payload }, maker),
  );
};
const pendingDeposit = async () => submitDeposit(t.app, await createClient(t.app));
const pendingWithdrawal = async (method: 'c' | 'b') =>
  submitWithdrawal(
    t.app,
    await createClient(t.app, { level: 'identity', balance: 500_00n }),
    40,
    method === 'c' ? 'crypto' : 'bank',
  );
const declinedWithdrawal = async (method: 'c' | 'b') => {
  const id = await pendingWithdrawal(method);
  await ok({
    method: 'PUT',
    url: `/api/${method}-withdrawals/${id}/reject`,
    payload: { reason: 'Audit test' },
  });
  return id;
};
const addedTransaction = async () => {
  const c = await createClient(t.app);
  return idOf(
    await ok({
      method: 'POST',
      url: `/api/transaction/${c.id}`,
      payload: { amount: 10, transactionType: 'bonus', details: 'Welcome bonus' },
    }),
  );
};
const clientWithPlan = async () => {
  const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
  await ok({
    method: 'PUT',
    url: `/api/user/admin/active-plan/${c.id}`,
    payload: { amount: 200, duration: 7, plan: 'investment' },
  });
  return c;
};
const tradingActivity = async () => idOf(await ok(await tradingActivityCall()));
const supportTicket = async () => {
  const c = await createClient(t.app);
  return idOf(
    await ok({ method: 'POST', url: '/api/support', payload: { message: 'Where is my withdrawal?' } }, c),
  );
};
const notification = async () => idOf(await ok(await notificationCall()));
const pendingKyc = async () => {
  const c = await createClient(t.app);
  await t.database.db.update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, c.id));
  return c;
};

/**
 * The approve, reject and delete calls of one reviewed request kind (`/api/<base>/:id…`): approve
 * and reject a `pending()` one, delete a `deletable()` one.
 */
const reviewCalls = (
  base: string,
  pending: () => Promise<string>,
  deletable: () => Promise<string>,
): Record<string, () => Promise<Call>> => ({
  [`PUT /api/${base}/:id/approve`]: async () => ({
    method: 'PUT',
    url: `/api/${base}/${await pending()}/approve`,
  }),
  [`PUT /api/${base}/:id/reject`]: async () => ({
    method: 'PUT',
    url: `/api/${base}/${await pending()}/reject`,
    payload: { reason: 'Audit test' },
  }),
  [`DELETE /api/${base}/:id`]: async () => ({ method: 'DELETE', url: `/api/${base}/${await deletable()}` }),
});

/** One successful admin call per mutating admin route, keyed by "METHOD /url" as the route table has it. */
const CALLS: Record<string, () => Promise<Call>> = {
  // deposits, withdrawals, transactions
  ...reviewCalls('deposits', pendingDeposit, pendingDeposit),
  ...reviewCalls(
    'c-withdrawals',
    () => pendingWithdrawal('c'),
    () => declinedWithdrawal('c'),
  ),
  ...reviewCalls(
    'b-withdrawals',
    () => pendingWithdrawal('b'),
    () => declinedWithdrawal('b'),
  ),
  'POST /api/transaction/:id': async () => ({
    method: 'POST',
    url: `/api/transaction/${(await createClient(t.app)).id}`,
    payload: { amount: 25, transactionType: 'profit', details: 'Trading profit' },
  }),
  'DELETE /api/transaction/:id': async () => ({
    method: 'DELETE',
    url: `/api/transaction/${await addedTransaction()}`,
    payload: { reason: 'Entered twice' },
  }),

  // users
  'PUT /api/user/admin/:id': async () => {
    const c = await createClient(t.app);
    return {
      method: 'PUT',
      url: `/api/user/admin/${c.id}`,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: c.email,
        phone: '+44 20 7946 0000',
        location: { address: '12 St James Square', state: 'London' },
        verificationStatus: 'awaiting',
        isBlocked: false,
      },
    };
  },
  'PUT /api/user/admin/:id/verification': async () => ({
    method: 'PUT',
    url: `/api/user/admin/${(await pendingKyc()).id}/verification`,
    payload: { status: 'verified' },
  }),
  'PUT /api/limits/levels/:level': async () => ({
    method: 'PUT',
    url: '/api/limits/levels/identity',
    payload: {
      depositDay: 50_000,
      depositMonth: 100_000,
      withdrawalDay: 5_000,
      withdrawalMonth: 20_000,
      reason: 'Quarterly review',
    },
  }),
  'PUT /api/limits/address/:id': async () => ({
    method: 'PUT',
    url: `/api/limits/address/${(await createClient(t.app, { level: 'identity' })).id}`,
    payload: { reason: 'Utility bill checked' },
  }),
  'DELETE /api/limits/address/:id': async () => {
    const c = await createClient(t.app, { level: 'identity' });
    const url = `/api/limits/address/${c.id}`;
    await ok({ method: 'PUT', url, payload: { reason: 'Utility bill checked' } });
    return { method: 'DELETE', url, payload: { reason: 'Approved by mistake' } };
  },
  'POST /api/user/admin/:id/block': async () => ({
    method: 'POST',
    url: `/api/user/admin/${(await createClient(t.app)).id}/block`,
    payload: { reason: 'Fraud check' },
  }),
  'POST /api/user/admin/:id/unblock': async () => {
    const c = await createClient(t.app);
    await ok({ method: 'POST', url: `/api/user/admin/${c.id}/block`, payload: { reason: 'Fraud check' } });
    return { method: 'POST', url: `/api/user/admin/${c.id}/unblock` };
  },
  'DELETE /api/user/admin/:id': async () => ({
    method: 'DELETE',
    url: `/api/user/admin/${(await createClient(t.app)).id}`,
  }),
  'PUT /api/user/admin/account/:id': async () => ({
    method: 'PUT',
    url: `/api/user/admin/account/${(await createClient(t.app)).id}`,
    payload: { currencySymbol: '€', accountPlan: 'Gold' },
  }),
  'POST /api/user/admin/account/:id/adjustments': async () => ({
    method: 'POST',
    url: `/api/user/admin/account/${(await createClient(t.app)).id}/adjustments`,
    payload: { direction: 'credit', amount: 12.5, reason: 'Goodwill' },
  }),

  // plans and trading activity
  'PUT /api/user/admin/active-plan/:id': async () => ({
    method: 'PUT',
    url: `/api/user/admin/active-plan/${(await createClient(t.app, { level: 'identity', balance: 1_000_00n })).id}`,
    payload: { amount: 200, duration: 7, plan: 'copy_trading' },
  }),
  'DELETE /api/user/admin/active-plan/:id': async () => ({
    method: 'DELETE',
    url: `/api/user/admin/active-plan/${(await clientWithPlan()).id}`,
  }),
  'POST /api/user/admin/add-profit/:id': async () => ({
    method: 'POST',
    url: `/api/user/admin/add-profit/${(await clientWithPlan()).id}`,
    payload: { profit: 15, date: new Date().toISOString(), reason: 'Closed EUR/USD long' },
  }),
  'POST /api/trading-activity': tradingActivityCall,
  'PUT /api/trading-activity/:id': async () => ({
    method: 'PUT',
    url: `/api/trading-activity/${await tradingActivity()}`,
    payload: { tradeAmount: 100, profit: 8, plan: 'investment', statuss: 'completed' },
  }),
  'DELETE /api/trading-activity/:id': async () => ({
    method: 'DELETE',
    url: `/api/trading-activity/${await tradingActivity()}`,
  }),

  // messages
  'POST /api/notifications': notificationCall,
  'DELETE /api/notifications/:id': async () => ({
    method: 'DELETE',
    url: `/api/notifications/${await notification()}`,
  }),
  'DELETE /api/contacts/:id': async () => {
    const [row] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Visitor', email: 'visitor@example.com', message: 'Hello' })
      .returning();
    return { method: 'DELETE', url: `/api/contacts/${row!.id}` };
  },
  'POST /api/user/admin/email': forNewClient('POST', '/api/user/admin/email', {
    subject: 'Your account',
    message: 'Hello',
  }),
  'PUT /api/support/:id': async () => ({
    method: 'PUT',
    url: `/api/support/${await supportTicket()}`,
    payload: { reply: 'On its way', status: 'closed' },
  }),
  'POST /api/user/admin/:id/reset-two-factor': async () => {
    const c = await createClient(t.app);
    await enrolTwoFactor(t.app, c);
    return {
      method: 'POST',
      url: `/api/user/admin/${c.id}/reset-two-factor`,
      payload: { reason: 'Lost phone; identity checked' },
    };
  },
  'DELETE /api/support/:id': async () => ({ method: 'DELETE', url: `/api/support/${await supportTicket()}` }),

  ...staffCalls(
    () => t.app,
    () => admin,
    ok,
  ),
  'POST /api/mail/outbox/:id/retry': async () => ({
    method: 'POST',
    url: `/api/mail/outbox/${await failedMail(t.database.db)}/retry`,
  }),
  'POST /api/approvals/:id/approve': async () => ({
    method: 'POST',
    url: `/api/approvals/${await heldRequest()}/approve`,
  }),
  'POST /api/approvals/:id/reject': async () => ({
    method: 'POST',
    url: `/api/approvals/${await heldRequest()}/reject`,
    payload: { reason: 'No case on file' },
  }),
  'POST /api/transparency/liabilities': async () => {
    await createClient(t.app, { level: 'identity', balance: 10_00n });
    return { method: 'POST', url: '/api/transparency/liabilities' };
  },
};

/** Routes whose one call writes more rows, and how many: approving writes the decision and the action's own row. */
const ROWS_PER_CALL: Record<string, number> = { 'POST /api/approvals/:id/approve': 2 };

/** Client routes too, audited when an admin changes another user's data with them (so in CALLS as well). */
const SHARED_ADMIN_ROUTES = ['DELETE /api/notifications/:id'];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** "METHOD /url" of every mutating admin route in the app's route table. */
function adminMutations(): string[] {
  return t.app.routeTable
    .filter((r) => !READS.has(r.method) && r.url.startsWith('/api/'))
    .filter((r) => r.permission || /\/admin(\/|$)/.test(r.url))
    .map((r) => `${r.method} ${r.url}`);
}

const auditCount = async () => Number((await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0);

describe('every mutating admin route writes exactly one audit row (approving: two)', () => {
  it('finds the admin routes in the route table, and every one has a case here', () => {
    const found = adminMutations();
    expect(found.length).toBeGreaterThanOrEqual(29); // as of this writing; the route table is the truth
    expectAllKnown(found, CALLS, 'admin routes without an audit case');
    const known = new Set([...found, ...SHARED_ADMIN_ROUTES]);
    const routes = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expectAllKnown(SHARED_ADMIN_ROUTES, routes, 'shared routes that no longer exist');
    expectAllKnown(Object.keys(CALLS), known, 'cases for routes that are not admin routes');
  });

  it.each(Object.keys(CALLS))('%s', async (key) => {
    const call = await CALLS[key]!();
    expect(`${call.method} ${call.url}`, 'the case calls its own route').toMatch(
      new RegExp(`^${key.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\//g, '\\/')}$`),
    );
    const before = new Set((await t.database.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
    await ok(call);
    const added = (await t.database.db.select().from(auditLog)).filter((r) => !before.has(r.id));
    const actions = added.map((r) => r.action);
    expect(actions, 'new audit rows').toHaveLength(ROWS_PER_CALL[key] ?? 1);
    for (const row of added) {
      expect(row).toMatchObject({ actorId: admin.id, ip: '127.0.0.1' });
      expect(row.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
  });
});

describe('a refused admin call writes no audit row', () => {
  it.each([
    ['PUT', `/api/deposits/${UNKNOWN_ID}/approve`, undefined],
    ['DELETE', `/api/user/admin/${UNKNOWN_ID}`, undefined],
    [
      'POST',
      `/api/user/admin/account/${UNKNOWN_ID}/adjustments`,
      { direction: 'debit', amount: 1, reason: 'x' },
    ],
  ] as const)('%s %s', async (method, url, payload) => {
    const before = await auditCount();
    const res = await t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });
    expect(res.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });
});
