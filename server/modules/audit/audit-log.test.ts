import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAuditEntry } from '@common/schemas/audit';
import { useBefore, useTestContext } from '../../test/context';
import { createAdmin, createClient, type TestUser } from '../../test/factories';

const { t, admin: alice } = useTestContext();
const bob = useBefore(() => createAdmin(t.app));
const client1 = useBefore(() => createClient(t.app, { balance: 100_00n }));
const client2 = useBefore(() => createClient(t.app));
beforeAll(async () => {
  // Four actions, in order: alice blocks client1, alice unblocks client1, bob credits client2, bob sets client1's plan.
  const send = (admin: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });
  for (const [admin, method, url, payload] of [
    [alice, 'POST', `/api/user/admin/${client1.id}/block`, { reason: 'Fraud check' }],
    [alice, 'POST', `/api/user/admin/${client1.id}/unblock`],
    [
      bob,
      'POST',
      `/api/user/admin/account/${client2.id}/adjustments`,
      { direction: 'credit', amount: 12.5, reason: 'Goodwill' },
    ],
    [bob, 'PUT', `/api/user/admin/account/${client1.id}`, { currencySymbol: '$', accountPlan: 'Silver' }],
  ] as const) {
    const res = await send(admin, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
});

const list = async (query = '', user: TestUser = alice) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: PublicAuditEntry[]; total: number };
};

describe('GET /api/audit', () => {
  it('refuses visitors (401) and clients (403), and bad filters (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/audit', headers: client2.headers })).statusCode,
    ).toBe(403);
    for (const q of ['?actorId=x', '?targetUserId=1', '?pageSize=15', '?page=0', '?action=DROP%20TABLE']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/audit${q}`, headers: alice.headers })).statusCode,
        q,
      ).toBe(400);
    }
  });

  it('lists newest first with who, what, whom, before → after and IP', async () => {
    const { data, total } = await list();
    expect(total).toBe(4);
    expect(data.map((r) => r.action)).toEqual([
      'account.update',
      'account.adjustment',
      'user.unblock',
      'user.block',
    ]);
    expect(data[0]).toMatchObject({
      actor: { _id: bob.id, email: bob.email },
      targetUser: { _id: client1.id, email: client1.email },
      targetId: client1.id,
      before: { accountPlan: 'Basic' },
      after: { accountPlan: 'Silver' },
      ip: '127.0.0.1',
    });
    expect(data[1]).toMatchObject({
      actor: { email: bob.email },
      targetUser: { email: client2.email },
      before: { available: 0 },
      after: { available: 12.5, direction: 'credit', amount: 12.5, reason: 'Goodwill' },
    });
    expect(Date.parse(data[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(data[3]!.createdAt));
  });

  it('filters by admin, client, client e-mail and action, and pages', async () => {
    expect((await list(`?actorId=${alice.id}`)).data.map((r) => r.action)).toEqual([
      'user.unblock',
      'user.block',
    ]);
    expect((await list(`?targetUserId=${client2.id}`)).data.map((r) => r.action)).toEqual([
      'account.adjustment',
    ]);
    expect((await list(`?client=${encodeURIComponent(client1.email.toUpperCase())}`)).total).toBe(3);
    expect((await list(`?action=user.block&actorId=${alice.id}`)).data).toHaveLength(1);
    expect((await list(`?action=user.block&actorId=${bob.id}`)).data).toHaveLength(0);
    const page1 = await list('?pageSize=10&page=1');
    const page2 = await list('?pageSize=10&page=2');
    expect(page1.data).toHaveLength(4);
    expect(page2).toEqual({ data: [], total: 4 });
  });

  it('offers the admins who acted and the actions recorded as filter values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/filters', headers: bob.headers });
    expect(res.statusCode).toBe(200);
    const { admins, actions } = res.json().data;
    expect(admins.map((a: { _id: string }) => a._id).sort()).toEqual([alice.id, bob.id].sort());
    expect(actions).toEqual(['account.adjustment', 'account.update', 'user.block', 'user.unblock']);
  });

  it('has no route that changes or removes a row', async () => {
    const [row] = (await list()).data;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', `/api/audit/${row!._id}`]) {
        expect(
          (await t.app.inject({ method, url, headers: alice.headers, payload: {} })).statusCode,
          `${method} ${url}`,
        ).toBe(404);
      }
    }
    expect((await list()).total).toBe(4);
  });
});
