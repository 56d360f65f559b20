import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import { journalEntries, tradingActivities } from '../../db/schema';
import { type Headers, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createClient } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

const { t, admin, inject, db } = useTestContext();
const { open, makeDue, audits, expectConsistent } = planHelpers(t);
const figures = (userId: string) => getClientFigures(db(), userId);

describe('admin: POST /api/user/admin/add-profit/:id', () => {
  const addProfit = (userId: string, body: Record<string, unknown>, headers: Headers = admin.headers) =>
    inject('POST', `/api/user/admin/add-profit/${userId}`, headers, body);
  const today = () => new Date().toISOString();
  const reason = 'Closed a EUR/USD long';

  it('is for admins only and needs a profit, a date and a reason ("Please add profit amount")', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    await open(c.headers);
    expect((await addProfit(c.id, { profit: 10, date: today(), reason }, {})).statusCode).toBe(401);
    expect((await addProfit(c.id, { profit: 10, date: today(), reason }, c.headers)).statusCode).toBe(403);
    for (const body of [
      { reason },
      { date: today(), reason },
      { profit: '', date: today(), reason },
      { profit: 0, date: today(), reason },
      { profit: '-0', date: today(), reason },
      { profit: 'abc', date: today(), reason },
      { profit: '--5', date: today(), reason },
      { profit: 10, reason },
      { profit: 10, date: '', reason },
    ]) {
      const res = await addProfit(c.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(PLAN_MSG.profitRequired);
    }
    for (const bad of [undefined, '', '  a ', 'x'.repeat(501)]) {
      const res = await addProfit(c.id, { profit: 10, date: today(), reason: bad });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await addProfit(c.id, { profit: 10, date: 'not a date', reason })).statusCode).toBe(400);
    expect((await addProfit(c.id, { profit: 10, date: '2999-01-01', reason })).statusCode).toBe(400);
    expect((await addProfit(UNKNOWN_ID, { profit: 10, date: today(), reason })).statusCode).toBe(404);
    expect((await figures(c.id)).totalProfit).toBe(0n);
  });

  it('requires an active plan (409)', async () => {
    const c = await createClient(t.app);
    const res = await addProfit(c.id, { profit: 10, date: today(), reason });
    expect([res.statusCode, res.json().message]).toEqual([409, PLAN_MSG.noActivePlan]);
  });

  it('posts a dated profit entry and an activity row of the plan; the client’s figures show it', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n });
    const planId = (await open(c.headers, { amount: 1_000, plan: 'investment' })).json().data._id as string;
    const date = '2026-03-02T10:00:00.000Z';
    const res = await addProfit(c.id, { profit: '25.75', date, reason });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PLAN_MSG.profitPosted);
    const activity = res.json().data;
    expect(activity).toMatchObject({
      planId,
      plan: 'investment',
      tradeAmount: 1000,
      profit: 25.75,
      status: 'active',
      date,
      reason,
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
    const first = await addProfit(c.id, { profit: 5, date, reason }, replay);
    const second = await addProfit(c.id, { profit: 5, date, reason }, replay);
    expect(second.json()).toEqual(first.json());
    expect((await figures(c.id)).totalProfit).toBe(30_75n);

    // completing the plan returns exactly the capital; the profit stays
    await makeDue(c.id);
    await t.app.ctx.services.plans.completeDuePlans();
    expect(await figures(c.id)).toMatchObject({ balance: 1_030_75n, invested: 0n, totalProfit: 30_75n });
    const statuses = await db().select().from(tradingActivities).where(eq(tradingActivities.planId, planId));
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['completed']));
  });

  it('posts a loss out of the plan’s capital with its reason; the term returns what is left; never more than is left', async () => {
    const c = await createClient(t.app, { balance: 900_00n });
    const planId = (await open(c.headers, { amount: 900 })).json().data._id as string;
    const why = 'Gold short stopped out';
    const tooBig = await addProfit(c.id, { profit: -900.01, date: today(), reason: why });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([409, PLAN_MSG.lossExceedsCapital]);

    const res = await addProfit(c.id, { profit: '-150', date: today(), reason: why });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PLAN_MSG.lossPosted);
    const loss = res.json().data;
    expect(loss).toMatchObject({ planId, profit: -150, reason: why });
    expect(await figures(c.id)).toMatchObject({ balance: 0n, invested: 750_00n, totalProfit: -150_00n });
    await expectConsistent(loss._id);
    // the client reads it, with its reason, in the history, the notification and the e-mail
    const history = (await inject('GET', '/api/transaction/all', c.headers)).json().data as Array<{
      type: string;
      amount: number;
      direction: string;
      details: string;
    }>;
    expect(history.find((h) => h.details.includes(why))).toMatchObject({
      type: 'profit',
      amount: 150,
      direction: 'debit',
    });
    const notices = (await inject('GET', '/api/notifications/user', c.headers)).json().data as Array<{
      title: string;
      message: string;
    }>;
    expect(notices.find((n) => n.title === 'Plan loss')?.message).toContain(why);
    const mail = await t.smtp.waitForMail(c.email);
    expect(JSON.stringify(mail)).toContain(why);
    const audit = (await audits('plan.add_profit', loss._id))[0]!;
    expect(audit.after).toMatchObject({ profit: -150, reason: why });
    expect((await addProfit(c.id, { profit: -750.01, date: today(), reason: why })).statusCode).toBe(409);

    // deleting the loss puts the capital back while the plan runs; a second loss stays
    expect((await inject('DELETE', `/api/trading-activity/${loss._id}`, admin.headers)).statusCode).toBe(200);
    expect(await figures(c.id)).toMatchObject({ invested: 900_00n, totalProfit: 0n });
    const second = (await addProfit(c.id, { profit: -200, date: today(), reason: why })).json().data;

    // the end of the term returns what is left, and the loss can no longer be changed or voided
    await makeDue(c.id);
    await t.app.ctx.services.plans.completeDuePlans();
    expect(await figures(c.id)).toMatchObject({ balance: 700_00n, invested: 0n, totalProfit: -200_00n });
    const closing = (await inject('GET', '/api/notifications/user', c.headers)).json().data as Array<{
      message: string;
    }>;
    expect(closing.some((n) => n.message.includes('After losses of $200.00'))).toBe(true);
    const ended = await inject('DELETE', `/api/trading-activity/${second._id}`, admin.headers);
    expect([ended.statusCode, ended.json().message]).toEqual([409, PLAN_MSG.planEnded]);
    const lossLine = (await inject('GET', '/api/transaction/all', c.headers))
      .json()
      .data.find(
        (h: { details: string; direction: string }) => h.details.includes(why) && h.direction === 'debit',
      );
    const voided = await inject('DELETE', `/api/transaction/${lossLine._id}`, admin.headers, {
      reason: 'Not allowed',
    });
    expect([voided.statusCode, voided.json().message]).toEqual([409, MONEY_MSG.notVoidable]);
    expect(await figures(c.id)).toMatchObject({ balance: 700_00n, invested: 0n });
    await expectConsistent(second._id);
  });
});
