import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import { journalEntries, notifications, plans, tradingActivities } from '../../db/schema';
import { createTestContext, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectReplayed } from '../../test/expect';
import { getClientFigures } from '../ledger/service';
import { createAdmin, createClient, ledgerViolations, itNeedsVerifiedClient } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

const { t, admin, inject, db } = useTestContext();
const { open, makeDue, audits } = planHelpers(t);
const figures = (userId: string) => getClientFigures(db(), userId);
const limitsMessage =
  'The minimum for this trade is $200 and the maximum is $115,000. Please enter an amount within these limits.';

describe('POST /api/user/active-plan', () => {
  itNeedsVerifiedClient(t, open);

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
    [{ amount: 300.123 }, MONEY_MSG.amountDecimals],
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
    await expectReplayed(() => open(headers));
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
      const unknown = await inject(
        method,
        `/api/user/admin/active-plan/${UNKNOWN_ID}`,
        admin.headers,
        payload,
      );
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
