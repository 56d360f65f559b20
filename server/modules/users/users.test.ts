import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useBefore, useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createClient, createTestUser, type TestUser } from '../../test/factories';
import { UNKNOWN_ID } from '../../test/app';
import { counted, sessionReads } from '../../test/round-trips';
import { planHelpers } from '../../test/plan-helpers';

const { t, admin } = useTestContext();
const client = useBefore(() => createClient(t.app));
const { open } = planHelpers(t);

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user && { headers: user.headers }) });

describe('GET /api/user/me', () => {
  it('answers 401 to a visitor', async () => {
    expect((await get('/api/user/me')).statusCode).toBe(401);
  });

  it('answers the user with ledger figures (USD) and the referrer', async () => {
    const referrer = await createTestUser(t.app);
    const funded = await createClient(t.app, { balance: 1_234_56n, referredBy: referrer.id, plan: 'Gold' });
    const res = await get('/api/user/me', funded);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user._id).toBe(funded.id);
    expect(user.email).toBe(funded.email);
    expect(user).not.toHaveProperty('passwordHash');
    const figures = await getClientFigures(t.database.db, funded.id);
    expect(figures.balance).toBe(1_234_56n);
    expect(user.account).toEqual({
      accountPlan: 'Gold',
      currencySymbol: funded.row.currencySymbol,
      balance: 1234.56,
      totalProfit: 0,
      totalDeposit: 1234.56,
      referralBonus: 0,
      invested: 0,
      held: 0,
    });
    expect(user.referredBy).toEqual({
      firstName: referrer.row.firstName,
      lastName: referrer.row.lastName,
      email: referrer.email,
    });
  });

  it('reads the active plan and the figures in one statement, the session read aside', async () => {
    const c = await createClient(t.app, { balance: 900_00n });
    expect((await get('/api/user/me', c)).statusCode).toBe(200); // the session cache
    const bare = await counted(() => get('/api/user/me', c));
    expect(bare.result.json().data).toMatchObject({
      activePlan: null,
      account: { balance: 900, invested: 0 },
    });
    expect(bare.statements.length, bare.statements.join('\n')).toBeLessThanOrEqual(1 + sessionReads(t));

    expect((await open(c.headers, { amount: 500 })).statusCode).toBe(201);
    const planned = await counted(() => get('/api/user/me', c));
    expect(planned.result.json().data).toMatchObject({
      activePlan: { amount: 500, plan: 'copy_trading', status: 'active' },
      account: { balance: 400, invested: 500 },
    });
    expect(planned.statements.length, planned.statements.join('\n')).toBeLessThanOrEqual(1 + sessionReads(t));
  });

  it('answers referredBy null for a user nobody referred', async () => {
    const res = await get('/api/user/me', client);
    expect(res.json().data.referredBy).toBeNull();
    expect(res.json().data.account.balance).toBe(0);
  });
});

describe('admin routes', () => {
  it.each(['/api/user/admin', `/api/user/admin/${UNKNOWN_ID}`, '/api/user/admin/email/a@b.co'])(
    '%s: 401 for a visitor, 403 for a client',
    async (url) => {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, client)).statusCode).toBe(403);
    },
  );

  it('refuses a bad query or id with 400', async () => {
    expect((await get('/api/user/admin?pageSize=15', admin)).statusCode).toBe(400);
    expect((await get('/api/user/admin?page=0', admin)).statusCode).toBe(400);
    expect((await get('/api/user/admin?page=abc', admin)).statusCode).toBe(400);
    expect((await get('/api/user/admin/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('answers 404 for a missing user', async () => {
    expect((await get(`/api/user/admin/${UNKNOWN_ID}`, admin)).statusCode).toBe(404);
    expect((await get('/api/user/admin/email/nobody.here@example.com', admin)).statusCode).toBe(404);
  });

  it('finds a user by id with figures, and by e-mail', async () => {
    const funded = await createClient(t.app, { balance: 500_00n });
    const byId = await get(`/api/user/admin/${funded.id}`, admin);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.account.balance).toBe(500);
    expect(byId.json().data.account.totalDeposit).toBe(500);
    const byEmail = await get(
      `/api/user/admin/email/${encodeURIComponent(funded.email.toUpperCase())}`,
      admin,
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data._id).toBe(funded.id);
    expect(byEmail.json().data.account).toEqual({
      accountPlan: 'Basic',
      currencySymbol: funded.row.currencySymbol,
    });
  });

  it('lists users newest first, searches name or e-mail, and pages', async () => {
    const made: TestUser[] = [];
    for (let i = 0; i < 12; i++) made.push(await createTestUser(t.app));
    const all = await get('/api/user/admin?pageSize=40', admin);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBeGreaterThanOrEqual(14);
    const dates = body.data.map((u: { createdAt: string }) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page1 = (await get('/api/user/admin?pageSize=10&page=1', admin)).json();
    const page2 = (await get('/api/user/admin?pageSize=10&page=2', admin)).json();
    expect(page1.data).toHaveLength(10);
    expect(page1.total).toBe(body.total);
    const ids1 = page1.data.map((u: { _id: string }) => u._id);
    expect(page2.data.some((u: { _id: string }) => ids1.includes(u._id))).toBe(false);

    const target = made[3]!;
    const byLastName = (
      await get(`/api/user/admin?search=${target.row.lastName.toUpperCase()}`, admin)
    ).json();
    expect(byLastName.total).toBe(1);
    expect(byLastName.data[0]._id).toBe(target.id);
    const byEmail = (await get(`/api/user/admin?search=${encodeURIComponent(target.email)}`, admin)).json();
    expect(byEmail.data.map((u: { _id: string }) => u._id)).toEqual([target.id]);
    const byFullName = (
      await get(`/api/user/admin?search=${encodeURIComponent(`test ${target.row.lastName}`)}`, admin)
    ).json();
    expect(byFullName.data.map((u: { _id: string }) => u._id)).toEqual([target.id]);
    const none = (await get('/api/user/admin?search=%25zz_no_such', admin)).json();
    expect(none).toEqual({ data: [], total: 0 });
  });

  it('filters by identity verification state (the checks waiting), with its own total, in the list and its CSV', async () => {
    const waiting: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await createTestUser(t.app);
      await t.database.db.update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, u.id));
      waiting.push(u);
    }
    const [counted] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.verificationStatus, 'pending'), isNull(users.deletedAt)));
    const page = (await get('/api/user/admin?verification=pending&pageSize=40', admin)).json();
    expect(page.total).toBe(counted!.n);
    expect(page.data.every((u: { verificationStatus: string }) => u.verificationStatus === 'pending')).toBe(
      true,
    );
    for (const u of waiting) expect(page.data.map((r: { _id: string }) => r._id)).toContain(u.id);
    // with a search too: only that one
    const one = (
      await get(`/api/user/admin?verification=pending&search=${waiting[1]!.row.lastName}`, admin)
    ).json();
    expect(one.data.map((u: { _id: string }) => u._id)).toEqual([waiting[1]!.id]);
    expect((await get('/api/user/admin?verification=maybe', admin)).statusCode).toBe(400);
    const csv = await get('/api/user/admin/export.csv?verification=pending', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + counted!.n);
    for (const u of waiting) expect(csv.body).toContain(u.email);
  });
});
