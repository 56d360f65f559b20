import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@common/messages';
import { journalEntries, tradingActivities } from '../../db/schema';
import { type Headers, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createClient } from '../ledger/testing';
import { planHelpers } from './testing';

const { t, admin, inject, db } = useTestContext();
const { open, makeDue, audits, expectConsistent } = planHelpers(t);
const figures = (userId: string) => getClientFigures(db(), userId);

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
    expect((await addProfit(UNKNOWN_ID, { profit: 10, date: today() })).statusCode).toBe(404);
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
