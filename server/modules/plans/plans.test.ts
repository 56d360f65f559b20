import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@common/messages';
import { queryRows } from '../../db/client';
import { auditLog, journalEntries, notifications, plans, tradingActivities } from '../../db/schema';
import { createTestContext, injector } from '../../test/app';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createAdmin, createClient, createTestUser, fundClient, ledgerViolations } from '../ledger/testing';

const { t, admin } = useTestContext();

type Headers = Record<string, string>;
const inject = injector(() => t);
const db = () => t.database.db;
const figures = (userId: string) => getClientFigures(db(), userId);
const open = (headers: Headers, body: Record<string, unknown> = {}) =>
  inject('POST', '/api/user/active-plan', headers, {
    amount: 500,
    duration: 7,
    plan: 'copy_trading',
    ...body,
  });
const limitsMessage =
  'The minimum for this trade is $200 and the maximum is $115,000. Please enter an amount within these limits.';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Moves the client's active plan's end date into the past (as if its term had run out). */
async function makeDue(userId: string) {
  await db()
    .update(plans)
    .set({ endDate: sql`now() - interval '1 minute'` })
    .where(and(eq(plans.userId, userId), eq(plans.status, 'active')));
}

/** Audit rows of `action` on `targetId`. */
const audits = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

/** Profit posted for an activity (cents): the client's available lines of the entries linked to it. */
async function postedFor(activityId: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db(),
    sql`select coalesce(sum(l.amount), 0)::text as total from journal_lines l
    join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
    where e.trading_activity_id = ${activityId} and a.kind = 'available'`,
  );
  return BigInt(row!.total);
}

/** The activity's stored profit equals what was posted for it, and the ledger balances. */
async function expectConsistent(activityId: string) {
  const [row] = await db().select().from(tradingActivities).where(eq(tradingActivities.id, activityId));
  expect(row!.profit).toBe(await postedFor(activityId));
  expect(await ledgerViolations(db())).toEqual([]);
}

describe('POST /api/user/active-plan', () => {
  it('needs a signed-in client with a verified e-mail', async () => {
    expect((await open({})).statusCode).toBe(401);
    const unverified = await createTestUser(t.app, { emailVerified: false });
    expect((await open(unverified.headers)).statusCode).toBe(403);
  });

  it.each([
    [{ amount: undefined }, PLAN_MSG.fillAllFields],
    [{ amount: '' }, PLAN_MSG.fillAllFields],
    [{ duration: undefined }, PLAN_MSG.fillAllFields],
    [{ duration: '' }, PLAN_MSG.fillAllFields],
    [{ plan: undefined }, PLAN_MSG.fillAllFields],
    [{ plan: '' }, PLAN_MSG.fillAllFields],
    [{ duration: 5 }, PLAN_MSG.invalidDuration],
    [{ duration: '2 weeks' }, PLAN_MSG.invalidDuration],
    [{ plan: 'forex' }, PLAN_MSG.invalidPlan],
    [{ amount: -300 }, 'Please enter a valid amount'],
    [{ amount: 300.123 }, 'Please enter a valid amount'],
  ])('refuses %j with 400 and the message', async (body, message) => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const res = await open(c.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await db().select().from(plans).where(eq(plans.userId, c.id))).toEqual([]);
  });

  it('refuses amounts outside the configured limits with 422 quoting them', async () => {
    const c = await createClient(t.app, { balance: 200_000_00n });
    for (const amount of [199.99, 1, 115_000.01, 200_000]) {
      const res = await open(c.headers, { amount });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().message).toBe(limitsMessage);
    }
    expect((await open(c.headers, { amount: 200, duration: 1 })).statusCode).toBe(201);
  });

  it('accepts the maximum exactly', async () => {
    const c = await createClient(t.app, { balance: 115_000_00n });
    const res = await open(c.headers, { amount: '115000', duration: '14', plan: 'investment' });
    expect(res.statusCode).toBe(201);
    expect((await figures(c.id)).balance).toBe(0n);
  });

  it('refuses an amount above the available balance with the insufficient-funds 422', async () => {
    const c = await createClient(t.app, { balance: 300_00n });
    const res = await open(c.headers, { amount: 300.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PLAN_MSG.insufficientFunds);
    expect(await figures(c.id)).toMatchObject({ balance: 300_00n, invested: 0n });
  });

  it('opens the plan: server dates, available → invested, an active trading activity, shown on /me', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const none = await inject('GET', '/api/user/me', c.headers);
    expect(none.json().data.activePlan).toBeNull();

    const before = Date.now();
    const res = await open(c.headers, {
      amount: '750.50',
      duration: 14,
      plan: 'investment',
      startDate: '2001-01-01T00:00:00.000Z',
      endDate: '2001-01-02T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PLAN_MSG.tradePlaced);
    const plan = res.json().data;
    expect(plan).toMatchObject({ plan: 'investment', amount: 750.5, duration: 14, status: 'active' });
    const start = Date.parse(plan.startDate);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(plan.endDate) - start).toBe(14 * 86_400_000);

    expect(await figures(c.id)).toMatchObject({ balance: 249_50n, invested: 750_50n });
    const [activity] = await db().select().from(tradingActivities).where(eq(tradingActivities.userId, c.id));
    expect(activity).toMatchObject({
      planId: plan._id,
      plan: 'investment',
      tradeAmount: 750_50n,
      profit: 0n,
      status: 'active',
    });
    const [entry] = await db().select().from(journalEntries).where(eq(journalEntries.planId, plan._id));
    expect(entry).toMatchObject({ type: 'plan_open', userId: c.id });

    const me = (await inject('GET', '/api/user/me', c.headers)).json().data;
    expect(me.activePlan).toEqual(plan);
    expect(me.account).toMatchObject({ balance: 249.5, invested: 750.5 });
    expect((await inject('GET', `/api/user/admin/${c.id}`, admin.headers)).json().data.activePlan).toEqual(
      plan,
    );
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('allows one active plan at a time (409)', async () => {
    const c = await createClient(t.app, { balance: 2_000_00n });
    expect((await open(c.headers)).statusCode).toBe(201);
    const again = await open(c.headers, { plan: 'investment' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLAN_MSG.alreadyActive);
    expect((await figures(c.id)).invested).toBe(500_00n);
  });

  it('parallel trade requests open exactly one plan; the others get 409, never 500', async () => {
    const c = await createClient(t.app, { balance: 10_000_00n });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => open(c.headers, { amount: 300 + i })),
    ).then((rs) => rs.map((r) => r.statusCode));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await db().select().from(plans).where(eq(plans.userId, c.id))).toHaveLength(1);
    expect(
      await db().select().from(tradingActivities).where(eq(tradingActivities.userId, c.id)),
    ).toHaveLength(1);
    const f = await figures(c.id);
    expect(f.balance + f.invested).toBe(10_000_00n);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const headers = { ...c.headers, 'idempotency-key': 'trade-1' };
    const first = await open(headers);
    const again = await open(headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await db().select().from(plans).where(eq(plans.userId, c.id))).toHaveLength(1);
    expect((await open(headers, { amount: 600 })).statusCode).toBe(409);
  });
});

describe('plans complete on their own when the end date passes', () => {
  it('two concurrent sweeps return the capital exactly once, complete the activities and notify', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const planId = (await open(c.headers, { amount: 400 })).json().data._id as string;
    const notSweptYet = await Promise.all([
      t.app.ctx.services.plans.completeDuePlans(),
      t.app.ctx.services.plans.completeDuePlans(),
    ]);
    expect(notSweptYet).toEqual([0, 0]);
    await makeDue(c.id);

    const counts = await Promise.all([
      t.app.ctx.services.plans.completeDuePlans(),
      t.app.ctx.services.plans.completeDuePlans(),
    ]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await t.app.ctx.services.plans.completeDuePlans()).toBe(0);

    expect(await figures(c.id)).toMatchObject({ balance: 1_000_00n, invested: 0n });
    const [plan] = await db().select().from(plans).where(eq(plans.id, planId));
    expect(plan).toMatchObject({ status: 'completed', closedBy: 'schedule' });
    expect(plan!.completedAt).toBeInstanceOf(Date);
    const closes = await db()
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.planId, planId), eq(journalEntries.type, 'plan_close')));
    expect(closes).toHaveLength(1);
    const activities = await db()
      .select()
      .from(tradingActivities)
      .where(eq(tradingActivities.planId, planId));
    expect(activities.map((a) => a.status)).toEqual(['completed']);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes.map((n) => n.title)).toContain('Plan completed');
    expect((await inject('GET', '/api/user/me', c.headers)).json().data.activePlan).toBeNull();
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('a due plan is completed before GET /api/user/me answers (no overdue active plan shows)', async () => {
    const c = await createClient(t.app, { balance: 800_00n });
    await open(c.headers, { amount: 800 });
    await makeDue(c.id);
    const me = (await inject('GET', '/api/user/me', c.headers)).json().data;
    expect(me.activePlan).toBeNull();
    expect(me.account).toMatchObject({ balance: 800, invested: 0 });
    const [plan] = await db().select().from(plans).where(eq(plans.userId, c.id));
    expect(plan).toMatchObject({ status: 'completed', closedBy: 'schedule' });
  });

  it('a due plan is completed before a new trade, whose balance check counts the returned capital', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    await open(c.headers, { amount: 500 });
    await makeDue(c.id);
    const res = await open(c.headers, { amount: 500, plan: 'investment' });
    expect(res.statusCode).toBe(201);
    const rows = await db().select().from(plans).where(eq(plans.userId, c.id));
    expect(rows.map((p) => p.status).sort()).toEqual(['active', 'completed']);
    expect(await figures(c.id)).toMatchObject({ balance: 0n, invested: 500_00n });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('runs on an interval when PLAN sweep is configured, and stops when the app closes', async () => {
    const other = await createTestContext({ planSweepIntervalMs: 50 });
    try {
      const c = await createClient(other.app, { balance: 300_00n });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/user/active-plan',
        headers: c.headers,
        payload: { amount: 300, duration: 1, plan: 'copy_trading' },
      });
      expect(res.statusCode).toBe(201);
      await other.database.db
        .update(plans)
        .set({ endDate: sql`now() - interval '1 second'` })
        .where(eq(plans.userId, c.id));
      await expect
        .poll(
          async () => (await other.database.db.select().from(plans).where(eq(plans.userId, c.id)))[0]!.status,
          {
            timeout: 5_000,
          },
        )
        .toBe('completed');
      expect((await getClientFigures(other.database.db, c.id)).balance).toBe(300_00n);
    } finally {
      await other.close();
    }
  });
});

describe('admin: PUT / DELETE /api/user/admin/active-plan/:id', () => {
  it('is for admins only', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const body = { amount: 300, duration: 1, plan: 'copy_trading' };
    for (const [method, payload] of [
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      const url = `/api/user/admin/active-plan/${c.id}`;
      expect((await inject(method, url, {}, payload)).statusCode).toBe(401);
      expect((await inject(method, url, c.headers, payload)).statusCode).toBe(403);
      expect(
        (await inject(method, '/api/user/admin/active-plan/nope', admin.headers, payload)).statusCode,
      ).toBe(400);
      const unknown = await inject(method, `/api/user/admin/active-plan/${UNKNOWN}`, admin.headers, payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(PLAN_MSG.clientNotFound);
    }
    expect(await db().select().from(plans).where(eq(plans.userId, c.id))).toEqual([]);
  });

  it('opens a plan for a client with the client route’s rules, audited and notified', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const url = `/api/user/admin/active-plan/${c.id}`;
    expect((await inject('PUT', url, admin.headers, { amount: 300 })).json().message).toBe(
      PLAN_MSG.fillAllFields,
    );
    const low = await inject('PUT', url, admin.headers, { amount: 100, duration: 2, plan: 'investment' });
    expect([low.statusCode, low.json().message]).toEqual([422, limitsMessage]);
    const high = await inject('PUT', url, admin.headers, {
      amount: 1_000.01,
      duration: 2,
      plan: 'investment',
    });
    expect([high.statusCode, high.json().message]).toEqual([422, PLAN_MSG.insufficientFunds]);

    const res = await inject('PUT', url, admin.headers, { amount: 1_000, duration: 2, plan: 'investment' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: 1000,
      duration: 2,
      plan: 'investment',
      status: 'active',
    });
    expect(await figures(c.id)).toMatchObject({ balance: 0n, invested: 1_000_00n });
    expect(await audits('plan.open', res.json().data._id)).toHaveLength(1);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes.map((n) => n.title)).toEqual(['Plan opened']);
    const again = await inject('PUT', url, admin.headers, { amount: 300, duration: 1, plan: 'copy_trading' });
    expect([again.statusCode, again.json().message]).toEqual([409, PLAN_MSG.alreadyActive]);
    const anotherAdmin = await createAdmin(t.app);
    const forAdmin = await inject('PUT', `/api/user/admin/active-plan/${anotherAdmin.id}`, admin.headers, {
      amount: 300,
      duration: 1,
      plan: 'copy_trading',
    });
    expect(forAdmin.statusCode).toBe(404);
  });

  it('clears the active plan: the capital returns, closed by admin, one audit row, 409 when none', async () => {
    const c = await createClient(t.app, { balance: 600_00n });
    const url = `/api/user/admin/active-plan/${c.id}`;
    const none = await inject('DELETE', url, admin.headers);
    expect([none.statusCode, none.json().message]).toEqual([409, PLAN_MSG.noActivePlan]);

    const planId = (await open(c.headers, { amount: 600 })).json().data._id as string;
    const res = await inject('DELETE', url, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PLAN_MSG.planCleared);
    expect(res.json().data).toMatchObject({ _id: planId, status: 'completed' });
    const [plan] = await db().select().from(plans).where(eq(plans.id, planId));
    expect(plan).toMatchObject({ status: 'completed', closedBy: 'admin' });
    expect(await figures(c.id)).toMatchObject({ balance: 600_00n, invested: 0n });
    expect(await audits('plan.clear', planId)).toHaveLength(1);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes.map((n) => n.title)).toContain('Plan cleared');
    expect((await inject('DELETE', url, admin.headers)).statusCode).toBe(409);
    expect((await inject('GET', '/api/user/me', c.headers)).json().data.activePlan).toBeNull();
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('admin: POST /api/user/admin/add-profit/:id', () => {
  const addProfit = (userId: string, body: Record<string, unknown>, headers: Headers = admin.headers) =>
    inject('POST', `/api/user/admin/add-profit/${userId}`, headers, body);
  const today = () => new Date().toISOString();

  it('is for admins only and needs a profit and a date ("Please add profit amount")', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    await open(c.headers);
    expect((await addProfit(c.id, { profit: 10, date: today() }, {})).statusCode).toBe(401);
    expect((await addProfit(c.id, { profit: 10, date: today() }, c.headers)).statusCode).toBe(403);
    for (const body of [
      {},
      { date: today() },
      { profit: '', date: today() },
      { profit: 0, date: today() },
      { profit: -5, date: today() },
      { profit: 'abc', date: today() },
      { profit: 10 },
      { profit: 10, date: '' },
    ]) {
      const res = await addProfit(c.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(PLAN_MSG.profitRequired);
    }
    expect((await addProfit(c.id, { profit: 10, date: 'not a date' })).statusCode).toBe(400);
    expect((await addProfit(c.id, { profit: 10, date: '2999-01-01' })).statusCode).toBe(400);
    expect((await addProfit(UNKNOWN, { profit: 10, date: today() })).statusCode).toBe(404);
    expect((await figures(c.id)).totalProfit).toBe(0n);
  });

  it('requires an active plan (409)', async () => {
    const c = await createClient(t.app);
    const res = await addProfit(c.id, { profit: 10, date: today() });
    expect([res.statusCode, res.json().message]).toEqual([409, PLAN_MSG.noActivePlan]);
  });

  it('posts a dated profit entry and an activity row of the plan; the client’s figures show it', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const planId = (await open(c.headers, { amount: 1_000, plan: 'investment' })).json().data._id as string;
    const date = '2026-03-02T10:00:00.000Z';
    const res = await addProfit(c.id, { profit: '25.75', date });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PLAN_MSG.profitAdded);
    const activity = res.json().data;
    expect(activity).toMatchObject({
      planId,
      plan: 'investment',
      tradeAmount: 1000,
      profit: 25.75,
      status: 'active',
      date,
    });
    expect(await figures(c.id)).toMatchObject({ balance: 25_75n, invested: 1_000_00n, totalProfit: 25_75n });
    const [entry] = await db()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.tradingActivityId, activity._id));
    expect(entry).toMatchObject({ type: 'profit', planId, actorId: admin.id });
    expect(entry!.effectiveAt.toISOString()).toBe(date);
    expect(await audits('plan.add_profit', activity._id)).toHaveLength(1);
    const me = (await inject('GET', '/api/user/me', c.headers)).json().data;
    expect(me.account).toMatchObject({ balance: 25.75, totalProfit: 25.75 });
    const history = (await inject('GET', '/api/transaction/all', c.headers)).json().data as Array<{
      type: string;
      amount: number;
    }>;
    expect(history.find((h) => h.type === 'profit')).toMatchObject({ amount: 25.75 });
    await expectConsistent(activity._id);

    const replay = { ...admin.headers, 'idempotency-key': `profit-${c.id}` };
    const first = await addProfit(c.id, { profit: 5, date }, replay);
    const second = await addProfit(c.id, { profit: 5, date }, replay);
    expect(second.json()).toEqual(first.json());
    expect((await figures(c.id)).totalProfit).toBe(30_75n);

    // completing the plan returns exactly the capital; the profit stays
    await makeDue(c.id);
    await t.app.ctx.services.plans.completeDuePlans();
    expect(await figures(c.id)).toMatchObject({ balance: 1_030_75n, invested: 0n, totalProfit: 30_75n });
    const statuses = await db().select().from(tradingActivities).where(eq(tradingActivities.planId, planId));
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['completed']));
  });
});

describe('/api/trading-activity', () => {
  const create = (body: Record<string, unknown>, headers: Headers = admin.headers) =>
    inject('POST', '/api/trading-activity', headers, body);
  const update = (id: string, body: Record<string, unknown>, headers: Headers = admin.headers) =>
    inject('PUT', `/api/trading-activity/${id}`, headers, body);

  it('lists a client’s own rows, newest first, paged and searched; 401 for a visitor', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const other = await createClient(t.app, { balance: 1_000_00n });
    await open(other.headers);
    await open(c.headers, { amount: 300, plan: 'investment' });
    for (let i = 0; i < 11; i++) {
      expect(
        (
          await create({
            userId: c.id,
            tradeAmount: 100 + i,
            profit: 0,
            plan: 'copy_trading',
            statuss: i % 2 ? 'active' : 'completed',
          })
        ).statusCode,
      ).toBe(201);
    }
    expect((await inject('GET', '/api/trading-activity')).statusCode).toBe(401);
    const first = (await inject('GET', '/api/trading-activity', c.headers)).json();
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data.every((a: { userId: string }) => a.userId === c.id)).toBe(true);
    const dates = first.data.map((a: { date: string }) => Date.parse(a.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(first.data[0].tradeAmount).toBe(110);
    const second = (await inject('GET', '/api/trading-activity?page=2&pageSize=10', c.headers)).json();
    expect(second.data).toHaveLength(2);
    expect((await inject('GET', '/api/trading-activity?pageSize=20', c.headers)).json().data).toHaveLength(
      12,
    );
    expect((await inject('GET', '/api/trading-activity?pageSize=15', c.headers)).statusCode).toBe(400);
    const invest = (await inject('GET', '/api/trading-activity?search=investment', c.headers)).json();
    expect(invest.total).toBe(1);
    expect((await inject('GET', '/api/trading-activity?search=Copy%20Trading', c.headers)).json().total).toBe(
      11,
    );
    expect((await inject('GET', '/api/trading-activity?search=completed', c.headers)).json().total).toBe(6);
    expect((await inject('GET', '/api/trading-activity?search=100%25', c.headers)).json().total).toBe(0);
  });

  it('GET /admin lists one client’s rows for an admin only', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    await open(c.headers);
    expect((await inject('GET', `/api/trading-activity/admin?userId=${c.id}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/trading-activity/admin?userId=${c.id}`, c.headers)).statusCode).toBe(
      403,
    );
    expect((await inject('GET', '/api/trading-activity/admin', admin.headers)).statusCode).toBe(400);
    const res = (
      await inject('GET', `/api/trading-activity/admin?userId=${c.id}&pageSize=40`, admin.headers)
    ).json();
    expect(res.total).toBe(1);
    expect(res.data[0]).toMatchObject({
      userId: c.id,
      tradeAmount: 500,
      profit: 0,
      status: 'active',
      plan: 'copy_trading',
    });
  });

  it('GET /:id answers the owner and admins; another client 403, unknown 404', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    await open(c.headers);
    const [row] = await db().select().from(tradingActivities).where(eq(tradingActivities.userId, c.id));
    const url = `/api/trading-activity/${row!.id}`;
    expect((await inject('GET', url)).statusCode).toBe(401);
    expect((await inject('GET', url, c.headers)).json().data._id).toBe(row!.id);
    expect((await inject('GET', url, admin.headers)).statusCode).toBe(200);
    const other = await createClient(t.app);
    expect((await inject('GET', url, other.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/api/trading-activity/${UNKNOWN}`, c.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/trading-activity/nope', c.headers)).statusCode).toBe(400);
  });

  it('POST is for admins, checks its fields and posts its profit', async () => {
    const c = await createClient(t.app);
    const body = { userId: c.id, tradeAmount: 250, profit: 12.5, plan: 'copy_trading', statuss: 'completed' };
    expect((await create(body, {})).statusCode).toBe(401);
    expect((await create(body, c.headers)).statusCode).toBe(403);
    for (const [patch, message] of [
      [{ statuss: 'done' }, PLAN_MSG.invalidStatus],
      [{ statuss: undefined }, PLAN_MSG.invalidStatus],
      [{ plan: 'forex' }, PLAN_MSG.invalidPlan],
      [{ profit: -1 }, PLAN_MSG.invalidProfit],
      [{ tradeAmount: 'x' }, PLAN_MSG.invalidTradeAmount],
      [{ userId: 'nope' }, 'Invalid id'],
    ] as const) {
      const res = await create({ ...body, ...patch });
      expect([res.statusCode, res.json().message], JSON.stringify(patch)).toEqual([400, message]);
    }
    expect((await create({ ...body, userId: UNKNOWN })).statusCode).toBe(404);
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PLAN_MSG.activityAdded);
    expect(res.json().data).toMatchObject({
      userId: c.id,
      tradeAmount: 250,
      profit: 12.5,
      status: 'completed',
      planId: null,
    });
    expect(await figures(c.id)).toMatchObject({ balance: 12_50n, totalProfit: 12_50n });
    expect(await audits('trading_activity.create', res.json().data._id)).toHaveLength(1);
    await expectConsistent(res.json().data._id);
  });

  it('PUT posts the difference of profit: up, down, and refuses (409) what the balance cannot cover', async () => {
    const c = await createClient(t.app);
    const id = (
      await create({ userId: c.id, tradeAmount: 300, profit: 0, plan: 'investment', statuss: 'active' })
    ).json().data._id as string;
    const body = { tradeAmount: 300, profit: 40, plan: 'investment', statuss: 'active' };
    expect((await update(id, body, {})).statusCode).toBe(401);
    expect((await update(id, body, c.headers)).statusCode).toBe(403);
    expect((await update(id, { ...body, statuss: 'paused' })).json().message).toBe(PLAN_MSG.invalidStatus);
    expect((await update(id, { ...body, profit: undefined })).statusCode).toBe(400);
    expect((await update(UNKNOWN, body)).statusCode).toBe(404);

    const up = await update(id, body);
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe(PLAN_MSG.activityUpdated);
    expect(up.json().data.profit).toBe(40);
    expect(await figures(c.id)).toMatchObject({ balance: 40_00n, totalProfit: 40_00n });
    await expectConsistent(id);

    const down = await update(id, { ...body, profit: 15.25, statuss: 'completed', tradeAmount: 320 });
    expect(down.json().data).toMatchObject({ profit: 15.25, status: 'completed', tradeAmount: 320 });
    expect(await figures(c.id)).toMatchObject({ balance: 15_25n, totalProfit: 15_25n });
    await expectConsistent(id);

    const same = await update(id, { ...body, profit: 15.25, plan: 'copy_trading' });
    expect(same.json().data.plan).toBe('copy_trading');
    const entries = await db().select().from(journalEntries).where(eq(journalEntries.tradingActivityId, id));
    expect(entries).toHaveLength(2);

    // the client spends most of it (a plan of 200 from 205.25), then the admin tries to take 15.25 back
    await fundClient(db(), c.id, 190_00n);
    expect((await open(c.headers, { amount: 200 })).statusCode).toBe(201);
    const refused = await update(id, { ...body, profit: 0 });
    expect([refused.statusCode, refused.json().message]).toEqual([409, PLAN_MSG.profitNotCovered]);
    expect(await figures(c.id)).toMatchObject({ balance: 5_25n, totalProfit: 15_25n });
    expect(await audits('trading_activity.update', id)).toHaveLength(3);
    await expectConsistent(id);
  });

  it('the shown profit follows the ledger even after a profit entry is voided from the history', async () => {
    const c = await createClient(t.app);
    const id = (
      await create({ userId: c.id, tradeAmount: 100, profit: 30, plan: 'copy_trading', statuss: 'active' })
    ).json().data._id as string;
    const [entry] = await db().select().from(journalEntries).where(eq(journalEntries.tradingActivityId, id));
    expect((await inject('DELETE', `/api/transaction/${entry!.id}`, admin.headers, {})).statusCode).toBe(200);
    expect((await inject('GET', `/api/trading-activity/${id}`, c.headers)).json().data.profit).toBe(0);
    await update(id, { tradeAmount: 100, profit: 10, plan: 'copy_trading', statuss: 'active' });
    expect(await postedFor(id)).toBe(10_00n);
    expect(await figures(c.id)).toMatchObject({ balance: 10_00n, totalProfit: 10_00n });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('DELETE withdraws the posted profit, then hides the row; refused 409 when the balance cannot cover it', async () => {
    const c = await createClient(t.app);
    const id = (
      await create({ userId: c.id, tradeAmount: 100, profit: 20, plan: 'copy_trading', statuss: 'active' })
    ).json().data._id as string;
    const url = `/api/trading-activity/${id}`;
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    expect((await inject('DELETE', url, c.headers)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/trading-activity/${UNKNOWN}`, admin.headers)).statusCode).toBe(404);

    const res = await inject('DELETE', url, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PLAN_MSG.activityDeleted);
    expect(await figures(c.id)).toMatchObject({ balance: 0n, totalProfit: 0n });
    expect(await postedFor(id)).toBe(0n);
    expect((await inject('GET', url, c.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/trading-activity', c.headers)).json().total).toBe(0);
    expect((await inject('DELETE', url, admin.headers)).statusCode).toBe(404);
    expect(await audits('trading_activity.delete', id)).toHaveLength(1);
    await expectConsistent(id);

    // profit already spent on a plan: the delete is refused and changes nothing
    const d = await createClient(t.app, { balance: 190_00n });
    const id2 = (
      await create({ userId: d.id, tradeAmount: 100, profit: 10, plan: 'copy_trading', statuss: 'active' })
    ).json().data._id as string;
    expect((await open(d.headers, { amount: 200 })).statusCode).toBe(201);
    const refused = await inject('DELETE', `/api/trading-activity/${id2}`, admin.headers);
    expect([refused.statusCode, refused.json().message]).toEqual([409, PLAN_MSG.profitNotCovered]);
    expect((await inject('GET', `/api/trading-activity/${id2}`, d.headers)).json().data.profit).toBe(10);
    await expectConsistent(id2);
  });
});
