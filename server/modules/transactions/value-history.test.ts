import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ValueHistoryPoint } from '@common/schemas/value-history';
import { queryRows } from '../../db/client';
import { useTestContext } from '../../test/context';
import { createClient, ledgerViolations, submitDeposit, type TestUser } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

// four-eyes (approvals/aggregate.test.ts) out of the way: one admin posts everything here
const { t, admin, inject, db } = useTestContext({ fourEyesThreshold: 1_000_000_00n });
const { open } = planHelpers(t);

const series = (c: TestUser, range?: string) =>
  inject('GET', `/api/transaction/value-history${range === undefined ? '' : `?range=${range}`}`, c.headers);
/** Adds an admin transaction for `userId` (below the four-eyes threshold); throws unless 201. */
async function add(userId: string, body: Record<string, unknown>): Promise<void> {
  const res = await inject('POST', `/api/transaction/${userId}`, admin.headers, {
    details: 'Test line',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`adding answered ${res.statusCode}: ${res.body}`);
}

/**
 * The series recomputed from journal_lines (USD): for each day asked, the client's balances by
 * account kind from every line dated up to that day, and that day's flows by entry kind.
 */
async function fromLines(userId: string, days: string[]): Promise<ValueHistoryPoint[]> {
  const rows = await queryRows<Record<string, string>>(
    db(),
    sql`select d.day::text as day,
      coalesce(sum(l.amount) filter (where a.kind = 'available' and x.day <= d.day), 0)::text as available,
      coalesce(sum(l.amount) filter (where a.kind = 'held' and x.day <= d.day), 0)::text as held,
      coalesce(sum(l.amount) filter (where a.kind = 'invested' and x.day <= d.day), 0)::text as invested,
      coalesce(sum(l.amount) filter (where x.kind = 'deposit' and x.day = d.day), 0)::text as deposits,
      coalesce(-sum(l.amount) filter (where x.kind = 'withdrawal_settle' and x.day = d.day), 0)::text as withdrawals,
      coalesce(sum(l.amount) filter (where x.kind = 'profit' and x.day = d.day), 0)::text as profit
    from unnest(${`{${days.join(',')}}`}::date[]) as d(day)
    cross join journal_lines l
    join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId}
    join lateral (select (e.effective_at at time zone 'UTC')::date as day, coalesce(o.type, e.type) as kind
                    from journal_entries e left join journal_entries o on o.id = e.reverses
                   where e.id = l.entry_id) x on true
    group by d.day order by d.day`,
  );
  const usd = (v: string) => Number(v) / 100;
  return rows.map((r) => ({
    day: r.day!,
    available: usd(r.available!),
    held: usd(r.held!),
    invested: usd(r.invested!),
    total: usd(r.available!) + usd(r.held!) + usd(r.invested!),
    deposits: usd(r.deposits!),
    withdrawals: usd(r.withdrawals!),
    profit: usd(r.profit!),
  }));
}

/** Rows of account_value_days that differ from the recount's view (empty when they agree). */
const driftFromRecount = () =>
  queryRows(
    db(),
    sql`select * from account_value_days k full join account_value_days_from_lines v using (user_id, day)
         where (k.available, k.held, k.invested, k.deposits, k.withdrawals, k.profit)
               is distinct from (v.available, v.held, v.invested, v.deposits, v.withdrawals, v.profit)`,
  );

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** A client with back-dated deposits, a withdrawal paid, a plan with a profit and a loss, and a bonus. */
async function busyClient(): Promise<TestUser> {
  const c = await createClient(t.app);
  await add(c.id, { transactionType: 'deposit', amount: 800, date: daysAgo(200) });
  await add(c.id, { transactionType: 'deposit', amount: 250.5, date: daysAgo(40) });
  await add(c.id, { transactionType: 'withdrawal', amount: 100, date: daysAgo(10) });
  const depositId = await submitDeposit(t.app, c, 300);
  expect((await inject('PUT', `/api/deposits/${depositId}/approve`, admin.headers)).statusCode).toBe(200);
  expect((await open(c.headers, { amount: 500 })).statusCode).toBe(201);
  for (const profit of [42.25, -7.5]) {
    const result = { profit, date: new Date().toISOString(), reason: 'Closed a EUR/USD long' };
    const res = await inject('POST', `/api/user/admin/add-profit/${c.id}`, admin.headers, result);
    expect(res.statusCode).toBe(201);
  }
  await add(c.id, { transactionType: 'profit', amount: 12, date: daysAgo(3) });
  return c;
}

describe('GET /api/transaction/value-history', () => {
  it('answers each day’s balances and flows as the journal lines give them, for every range', async () => {
    const c = await busyClient();
    for (const range of ['1M', '3M', '1Y', 'all']) {
      const res = await series(c, range);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ range: string; from: string | null; points: ValueHistoryPoint[] }>();
      expect(body.range).toBe(range);
      expect(body.points.length).toBeGreaterThan(0);
      expect(body.points).toEqual(
        await fromLines(
          c.id,
          body.points.map((p) => p.day),
        ),
      );
      // the day before the range carries the value forward; then only days of the range
      if (body.from) {
        expect(body.points[0]!.day < body.from).toBe(true);
        expect(body.points.slice(1).every((p) => p.day >= body.from!)).toBe(true);
      }
    }
    const all = (await series(c, 'all')).json<{ points: ValueHistoryPoint[] }>().points;
    expect(all.map((p) => p.day)).toEqual([...new Set(all.map((p) => p.day))].sort());
    expect(all.reduce((s, p) => s + p.deposits, 0)).toBe(1350.5);
    expect(all.reduce((s, p) => s + p.withdrawals, 0)).toBe(100);
    expect(all.reduce((s, p) => s + p.profit, 0)).toBe(46.75);
    const last = all.at(-1)!;
    expect(last.day).toBe(today());
    expect(last).toMatchObject({ invested: 492.5, total: 1350.5 - 100 + 46.75 });
    // a month ago the plan had not started: the carried value is the deposits less nothing
    const month = (await series(c, '1M')).json<{ points: ValueHistoryPoint[] }>().points;
    expect(month[0]).toMatchObject({ available: 1050.5, held: 0, invested: 0, deposits: 0 });
    // the first posting's day, whatever the range
    for (const range of ['1M', 'all']) expect((await series(c, range)).json().firstDay).toBe(all[0]!.day);
  });

  it('is 1M by default; a bad range is 400; a visitor gets 401', async () => {
    const c = await createClient(t.app, { balance: 5_00n });
    expect((await series(c)).json()).toMatchObject({ range: '1M', points: [{ total: 0 }, { total: 5 }] });
    for (const range of ['1W', 'ALL', '', '1m%20'])
      expect([range, (await series(c, range)).statusCode]).toEqual([range, 400]);
    expect((await inject('GET', '/api/transaction/value-history')).statusCode).toBe(401);
  });

  it('shows a client their own series only', async () => {
    const a = await createClient(t.app, { balance: 70_00n });
    const b = await createClient(t.app);
    expect((await series(a, 'all')).json().points).toMatchObject([{ total: 70, deposits: 70 }]);
    expect((await series(b, 'all')).json().points).toEqual([]);
    expect((await series(b, '1M')).json().points).toMatchObject([{ total: 0 }]);
  });

  it('has no first day for a client with nothing posted yet (the chart shows its empty state)', async () => {
    const c = await createClient(t.app);
    for (const range of ['1M', '3M', '1Y', 'all'])
      expect((await series(c, range)).json().firstDay).toBeNull();
    await add(c.id, { transactionType: 'deposit', amount: 10, date: daysAgo(400) });
    for (const range of ['1M', 'all'])
      expect((await series(c, range)).json().firstDay).toBe(daysAgo(400).slice(0, 10));
  });
});

describe('account_value_days', () => {
  it('equals its recount from the journal after postings, reversals and voids', async () => {
    const c = await busyClient();
    const history = (await inject('GET', '/api/transaction/all?pageSize=40', c.headers)).json<{
      data: Array<{ _id: string; type: string; voided: boolean }>;
    }>().data;
    for (const type of ['deposit', 'withdrawal']) {
      const line = history.find((l) => l.type === type && !l.voided)!;
      const voided = await inject('DELETE', `/api/transaction/${line._id}`, admin.headers, {
        reason: 'entered twice',
      });
      expect(voided.statusCode).toBe(200);
    }
    expect(await driftFromRecount()).toEqual([]);
    expect(await ledgerViolations(db())).toEqual([]);
    const all = (await series(c, 'all')).json<{ points: ValueHistoryPoint[] }>().points;
    expect(all).toEqual(
      await fromLines(
        c.id,
        all.map((p) => p.day),
      ),
    );
  });

  it('is written by the journal line trigger only', async () => {
    const c = await createClient(t.app, { balance: 1_00n });
    for (const statement of [
      sql`insert into account_value_days (user_id, day, available) values (${c.id}, '2020-01-01', 1)`,
      sql`update account_value_days set available = available + 1 where user_id = ${c.id}`,
      sql`delete from account_value_days where user_id = ${c.id}`,
      sql`truncate account_value_days`,
    ]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }
    expect(await driftFromRecount()).toEqual([]);
  });
});
