/**
 * GET /api/reviews/pending, the admin review queue, paged on the server: one UNION ALL of pending
 * deposits and pending, not deleted withdrawals, oldest first (created_at, then id), and the total.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PendingReview } from '@common/schemas/transactions';
import { deposits, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, submitDeposit, submitWithdrawal } from '../../test/factories';

const { t, admin, inject } = useTestContext();

type Client = Awaited<ReturnType<typeof createClient>>;
const queue = async (query: string) => {
  const res = await inject('GET', `/api/reviews/pending${query}`, admin.headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: PendingReview[]; total: number };
};

const deposit = (c: Client, amount: number) => submitDeposit(t.app, c, amount);
const withdraw = (c: Client, amount: number, method: 'crypto' | 'bank') =>
  submitWithdrawal(t.app, c, amount, method);

describe('GET /api/reviews/pending (paged on the server)', () => {
  let a: Client;
  let b: Client;
  /** Second accounts of a and b: a client may have at most 5 deposits pending at once. */
  const twin = new Map<Client, Client>();
  /** The pending requests in the order the queue must answer them. */
  const expected: string[] = [];
  const absent: string[] = [];

  beforeAll(async () => {
    a = await createClient(t.app, { level: 'identity', balance: 10_000_00n });
    b = await createClient(t.app, { level: 'identity', balance: 10_000_00n });
    twin.set(a, await createClient(t.app)).set(b, await createClient(t.app));
    // 24 pending requests of both kinds, interleaved, each with its own amount (the later deposits
    // from the twins)
    for (let i = 0; i < 6; i++) {
      for (const c of [a, b]) {
        expected.push(await deposit(i < 3 ? c : twin.get(c)!, 100 + i));
        expected.push(await withdraw(c, 10 + i, i % 2 ? 'bank' : 'crypto'));
      }
    }
    // reviewed requests, and a declined one deleted, stay out of the queue
    /** PUT `url` as the admin (with a reason for a reject) and expects 200. */
    const review = async (url: string) =>
      expect(
        (
          await inject(
            'PUT',
            url,
            admin.headers,
            url.endsWith('/reject') ? { reason: 'Not received on our wallet' } : undefined,
          )
        ).statusCode,
        url,
      ).toBe(200);
    const approved = await deposit(a, 1);
    await review(`/api/deposits/${approved}/approve`);
    const rejected = await deposit(b, 2);
    await review(`/api/deposits/${rejected}/reject`);
    const paid = await withdraw(a, 3, 'crypto');
    await review(`/api/c-withdrawals/${paid}/approve`);
    const declined = await withdraw(b, 4, 'bank');
    await review(`/api/b-withdrawals/${declined}/reject`);
    const removed = await withdraw(a, 5, 'crypto');
    await review(`/api/c-withdrawals/${removed}/reject`);
    expect((await inject('DELETE', `/api/c-withdrawals/${removed}`, admin.headers)).statusCode).toBe(200);
    absent.push(approved, rejected, paid, declined, removed);

    // the 10th and 11th requests (a withdrawal, then a deposit) share a created_at across the page
    // boundary: they are then ordered by id
    const [w, d] = [expected[9]!, expected[10]!];
    await t.database.db
      .update(deposits)
      .set({ createdAt: sql`(select created_at from ${withdrawals} where id = ${w})` })
      .where(eq(deposits.id, d));
    if (d < w) [expected[9], expected[10]] = [d, w];
  });

  it('answers one page at a time, oldest first, with the total', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await queue(`?page=${page}&pageSize=10`));
    expect(pages.map((p) => p.total)).toEqual([24, 24, 24]);
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 4]);
    expect(pages.flatMap((p) => p.data.map((r) => r._id))).toEqual(expected);
    const times = pages.flatMap((p) => p.data.map((r) => r.createdAt));
    expect(times).toEqual([...times].sort());

    expect(await queue('?page=4&pageSize=10')).toEqual({ data: [], total: 24 });
    expect((await queue('?page=2&pageSize=20')).data.map((r) => r._id)).toEqual(expected.slice(20));
    expect((await queue('?pageSize=40')).data.map((r) => r._id)).toEqual(expected);
    // defaults: page 1 of 10
    expect((await queue('')).data.map((r) => r._id)).toEqual(expected.slice(0, 10));
  });

  it('keeps the row shape: kind, client, amount, method, identity and destination', async () => {
    const rows = (await queue('?pageSize=40')).data;
    /** What every row of client `a` (verified identity, not blocked) carries. */
    const ofA = {
      userId: a.id,
      user: { firstName: a.row.firstName, lastName: a.row.lastName, email: a.email },
      userBlocked: false,
      createdAt: expect.any(String),
      identity: { status: 'verified', level: 'identity' },
    };
    expect(rows.slice(0, 4)).toEqual([
      {
        ...ofA,
        _id: expected[0],
        kind: 'deposit',
        amount: 100,
        method: 'bitcoin',
        destination: null,
        newDestination: null,
      },
      {
        ...ofA,
        _id: expected[1],
        kind: 'crypto-withdrawal',
        amount: 10,
        method: 'ethereum',
        destination: 'Ethereum (ETH) address ending in 9EE7',
        newDestination: true,
      },
      expect.objectContaining({ _id: expected[2], kind: 'deposit', userId: b.id, amount: 100 }),
      expect.objectContaining({ _id: expected[3], kind: 'crypto-withdrawal', userId: b.id, amount: 10 }),
    ]);
    expect(rows.find((r) => r.kind === 'bank-withdrawal')).toMatchObject({ method: 'bank', amount: 11 });
    expect(rows.filter((r) => [a.id, twin.get(a)!.id].includes(r.userId))).toHaveLength(12);
    expect(rows.filter((r) => [b.id, twin.get(b)!.id].includes(r.userId))).toHaveLength(12);
    expect(rows.filter((r) => absent.includes(r._id))).toEqual([]);
  });

  it('follows approvals: the next request moves up and the total drops', async () => {
    const first = expected[0]!;
    expect((await inject('PUT', `/api/deposits/${first}/approve`, admin.headers)).statusCode).toBe(200);
    const page = await queue('?page=1&pageSize=10');
    expect(page.total).toBe(23);
    expect(page.data.map((r) => r._id)).toEqual(expected.slice(1, 11));
  });

  it.each([
    ['pageSize=15', 'pageSize must be 10, 20, 30 or 40'],
    ['pageSize=0', 'pageSize must be 10, 20, 30 or 40'],
    ['pageSize=abc', undefined],
    ['page=0', undefined],
    ['page=x', undefined],
  ])('refuses ?%s with 400 and a message', async (query, message) => {
    const res = await inject('GET', `/api/reviews/pending?${query}`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(message ?? expect.any(String));
  });

  it('is for admins only, before validation', async () => {
    expect((await inject('GET', '/api/reviews/pending?pageSize=15')).statusCode).toBe(401);
    expect((await inject('GET', '/api/reviews/pending?pageSize=15', a.headers)).statusCode).toBe(403);
  });
});
