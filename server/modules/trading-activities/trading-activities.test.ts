import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@common/messages';
import { journalEntries, tradingActivities } from '../../db/schema';
import { type Headers, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createClient, fundClient, ledgerViolations } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

const { t, admin, inject, db } = useTestContext();
const { open, audits, postedFor, expectConsistent } = planHelpers(t);
const figures = (userId: string) => getClientFigures(db(), userId);

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
    expect((await inject('GET', `/api/trading-activity/${UNKNOWN_ID}`, c.headers)).statusCode).toBe(404);
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
    expect((await create({ ...body, userId: UNKNOWN_ID })).statusCode).toBe(404);
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
    expect((await update(UNKNOWN_ID, body)).statusCode).toBe(404);

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
    expect(
      (await inject('DELETE', `/api/transaction/${entry!.id}`, admin.headers, { reason: 'Entered twice' }))
        .statusCode,
    ).toBe(200);
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
    expect((await inject('DELETE', `/api/trading-activity/${UNKNOWN_ID}`, admin.headers)).statusCode).toBe(
      404,
    );

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
