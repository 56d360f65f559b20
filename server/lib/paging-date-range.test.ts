/**
 * `?from&to` (UTC days, inclusive; common/schemas/date-range.ts) on the admin lists: the users list
 * and its CSV export, the review queue and the audit log answer only the rows created on those days,
 * their totals count only those rows, paging through a filtered list answers the slices of the whole
 * filtered order, and a bad day or a `from` after `to` is a 400 that says so.
 */
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MSG } from '@common/schemas/date-range';
import { auditLog, deposits, users, withdrawals } from '../db/schema';
import { useTestContext } from '../test/context';
import { createClient, submitDeposit, submitWithdrawal, type TestUser } from '../test/factories';

const { t, admin, inject, db } = useTestContext();

/** 2026-03-01 plus `day` days, at `hour`:00 UTC. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 2, 1 + day, hour));
/** Days 2026-03-03 … 2026-03-08: the range the tests filter on. */
const RANGE = 'from=2026-03-03&to=2026-03-08';
const inRange = (d: Date) => d >= at(2, 0) && d < at(8, 0);

/** GET `url` as the admin, expecting 200: `{ data, total }`. */
async function list<T>(url: string): Promise<{ data: T[]; total: number }> {
  const res = await inject('GET', url, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of `url` (pageSize 10) concatenated, and checks each page's total. */
async function allPages<T>(url: string, total: number): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= Math.ceil(total / 10) + 1; page++) {
    const res = await list<T>(`${url}&pageSize=10&page=${page}`);
    expect(res.total).toBe(total);
    out.push(...res.data);
  }
  return out;
}

/** Sorts [id, created] by created then id, `dir` 1 ascending, -1 descending. */
const ordered = (rows: [string, Date][], dir: 1 | -1) =>
  [...rows]
    .sort(([ia, a], [ib, b]) => dir * (a.getTime() - b.getTime() || (ia < ib ? -1 : ia > ib ? 1 : 0)))
    .map(([id]) => id);

describe('date range filters on the admin lists', () => {
  /** [id, created_at] of the users, requests and audit rows the tests dated. */
  const dated = {
    users: [] as [string, Date][],
    queue: [] as [string, Date][],
    audit: [] as [string, Date][],
  };

  beforeAll(async () => {
    const clients: TestUser[] = [];
    for (let i = 0; i < 4; i++)
      clients.push(await createClient(t.app, i < 2 ? { level: 'identity', balance: 1_000_00n } : {}));
    // 24 pending requests: 3 deposits of each client, 6 withdrawals of each funded one
    const depositIds: string[] = [];
    const withdrawalIds: string[] = [];
    for (const c of clients)
      for (let i = 0; i < 3; i++) depositIds.push(await submitDeposit(t.app, c, 100 + i));
    for (const c of clients.slice(0, 2))
      for (let i = 0; i < 6; i++) withdrawalIds.push(await submitWithdrawal(t.app, c, 10 + i));
    // 20 more clients: 24 users to date over 12 days, two a day (several at the same instant)
    for (let i = 0; i < 20; i++) clients.push(await createClient(t.app));
    const stamp = async (
      table: typeof users | typeof deposits | typeof withdrawals,
      ids: string[],
      offset: number,
    ) => {
      for (const [i, id] of ids.entries()) {
        const created = at((i + offset) % 12, i % 3 === 0 ? 9 : 23);
        await db()
          .update(table)
          .set({ createdAt: created })
          .where(inArray(table.id, [id]));
        (table === users ? dated.users : dated.queue).push([id, created]);
      }
    };
    await stamp(
      users,
      clients.map((c) => c.id),
      0,
    );
    await stamp(deposits, depositIds, 0);
    await stamp(withdrawals, withdrawalIds, 5);
    // 24 audit rows (the log refuses UPDATE: inserted with their time)
    const audit = Array.from({ length: 24 }, (_, i) => ({
      action: 'test.dated',
      actorId: admin.id,
      createdAt: at(i % 12, i % 2 ? 0 : 12),
    }));
    const rows = await db()
      .insert(auditLog)
      .values(audit)
      .returning({ id: auditLog.id, createdAt: auditLog.createdAt });
    dated.audit.push(...rows.map((r): [string, Date] => [r.id, r.createdAt]));
  });

  it('users: only those joined in the range, paged as slices of the filtered order, and the CSV the same', async () => {
    const want = ordered(
      dated.users.filter(([, d]) => inRange(d)),
      -1,
    );
    expect(want.length).toBe(12);
    const first = await list<{ _id: string }>(`/api/user/admin?${RANGE}&pageSize=10`);
    expect(first.total).toBe(12);
    expect((await allPages<{ _id: string }>(`/api/user/admin?${RANGE}`, 12)).map((u) => u._id)).toEqual(want);
    // one bound only; with the other filters
    const upTo = await list<{ _id: string }>('/api/user/admin?to=2026-03-01&pageSize=40');
    expect(upTo.data.map((u) => u._id)).toEqual(
      ordered(
        dated.users.filter(([, d]) => d < at(1, 0)),
        -1,
      ),
    );
    // a client who joined today is in the list (staff never are: it lists clients only)
    const joinedToday = await createClient(t.app);
    const since = await list<{ _id: string }>('/api/user/admin?from=2026-03-12&pageSize=40');
    expect(since.data.map((u) => u._id)).toContain(joinedToday.id);
    expect(since.data.map((u) => u._id)).not.toContain(admin.id);
    expect(since.data.every((u) => !dated.users.some(([id, d]) => id === u._id && d < at(11, 0)))).toBe(true);
    expect((await list(`/api/user/admin?${RANGE}&verification=pending`)).total).toBe(0);
    const csv = await inject('GET', `/api/user/admin/export.csv?${RANGE}`, admin.headers);
    expect(csv.statusCode).toBe(200);
    const ids = csv.body
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',').at(-1));
    expect(ids).toEqual(want);
  });

  it('review queue: only requests sent in the range, oldest first, paged as slices', async () => {
    const want = ordered(
      dated.queue.filter(([, d]) => inRange(d)),
      1,
    );
    expect(want.length).toBeGreaterThan(10);
    const got = await allPages<{ _id: string }>(`/api/reviews/pending?${RANGE}`, want.length);
    expect(got.map((r) => r._id)).toEqual(want);
    // unfiltered, the kept total still answers every pending request
    expect((await list('/api/reviews/pending')).total).toBe(24);
  });

  it('audit log: only rows of the range (with the other filters), newest first, paged as slices', async () => {
    const want = ordered(
      dated.audit.filter(([, d]) => inRange(d)),
      -1,
    );
    expect(want.length).toBe(12);
    const got = await allPages<{ _id: string }>(`/api/audit?${RANGE}&action=test.dated`, 12);
    expect(got.map((r) => r._id)).toEqual(want);
    expect((await list(`/api/audit?${RANGE}`)).total).toBe(12);
    expect((await list(`/api/audit?from=2026-03-08&to=2026-03-08&actorId=${admin.id}`)).total).toBe(2);
  });

  it('refuses a bad day or a start after the end with a 400 that says so', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30', DATE_RANGE_MSG.invalidDay('from')],
      ['to=03/08/2026', DATE_RANGE_MSG.invalidDay('to')],
      ['from=2026-03-09&to=2026-03-08', DATE_RANGE_MSG.fromAfterTo],
    ];
    for (const base of [
      '/api/user/admin',
      '/api/user/admin/export.csv',
      '/api/reviews/pending',
      '/api/audit',
    ])
      for (const [query, message] of cases) {
        const res = await inject('GET', `${base}?${query}`, admin.headers);
        expect(res.statusCode, `${base}?${query}`).toBe(400);
        expect(res.json().message, `${base}?${query}`).toContain(message);
      }
    // the same day as both ends is a one-day range
    expect((await list('/api/audit?from=2026-03-05&to=2026-03-05&action=test.dated')).total).toBe(2);
  });
});
