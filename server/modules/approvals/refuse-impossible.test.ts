/**
 * A held money action that could never run is refused at once (409), before any hold, so a
 * checker is never asked to approve it (approvals/service.ts `refuseImpossible`): a plan loss
 * beyond the capital left in the plan, a debit adjustment beyond the available balance at request
 * time. The same actions within what there is are still held (202). FOUR_EYES_THRESHOLD $1,000.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG, USER_ADMIN_MSG } from '@common/messages';
import { approvalRequests, auditLog } from '../../db/schema';
import { useBefore, useTestContext } from '../../test/context';
import { createClient, createTestUser, type TestUser } from '../../test/factories';

const { t, inject, db } = useTestContext();
const staff = useBefore(async () => ({ maker: await createTestUser(t.app, { role: 'finance' }) }));

const requestsOf = (c: TestUser) =>
  db().select().from(approvalRequests).where(eq(approvalRequests.clientId, c.id));
const approvalAudits = async (c: TestUser) =>
  (await db().select().from(auditLog).where(eq(auditLog.targetUserId, c.id))).filter((r) =>
    r.action.startsWith('approval.'),
  );
const today = () => new Date().toISOString().slice(0, 10);

/** A client with `balance` cents available and, when `plan` is given, an active plan of `plan` USD. */
async function client(balance: bigint, plan?: number): Promise<TestUser> {
  const c = await createClient(t.app, { balance });
  if (plan !== undefined) {
    const res = await inject('POST', '/api/user/active-plan', c.headers, {
      amount: plan,
      duration: 14,
      plan: 'investment',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return c;
}

const postLoss = (c: TestUser, usd: number) =>
  inject('POST', `/api/user/admin/add-profit/${c.id}`, staff.maker.headers, {
    profit: -usd,
    date: today(),
    reason: 'Stopped out on a gold short',
  });
const postDebit = (c: TestUser, usd: number) =>
  inject('POST', `/api/user/admin/account/${c.id}/adjustments`, staff.maker.headers, {
    direction: 'debit',
    amount: usd,
    reason: 'Reversing a duplicated credit',
  });

/** No request was held for `c` and nothing about one was audited. */
async function expectNothingHeld(c: TestUser) {
  expect(await requestsOf(c)).toEqual([]);
  expect(await approvalAudits(c)).toEqual([]);
}

describe('four-eyes never holds what could never run', () => {
  it('refuses a plan loss beyond the capital left in the plan with 409, before any hold', async () => {
    const c = await client(2_000_00n, 1_200);
    const res = await postLoss(c, 1_500);
    expect([res.statusCode, res.json().message]).toEqual([409, PLAN_MSG.lossExceedsCapital]);
    await expectNothingHeld(c);
  });

  it('refuses a large loss for a client without an active plan with 409', async () => {
    const c = await client(5_000_00n);
    const res = await postLoss(c, 1_500);
    expect([res.statusCode, res.json().message]).toEqual([409, PLAN_MSG.noActivePlan]);
    await expectNothingHeld(c);
  });

  it('refuses a debit beyond the available balance with 409, before any hold', async () => {
    const c = await client(1_200_00n);
    const res = await postDebit(c, 1_500);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      USER_ADMIN_MSG.adjustmentOverdraw('1,200.00'),
    ]);
    await expectNothingHeld(c);
  });

  it('still holds a large loss and a large debit that can run (202)', async () => {
    const c = await client(3_000_00n, 1_500);
    const loss = await postLoss(c, 1_500);
    expect(loss.statusCode, loss.body).toBe(202);
    const debit = await postDebit(c, 1_500);
    expect(debit.statusCode, debit.body).toBe(202);
    expect((await requestsOf(c)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});
