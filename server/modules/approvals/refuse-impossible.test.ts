/**
 * A held money action that could never run is refused at once, before any hold, with the error it
 * would meet when run, so a checker is never asked to approve it (approvals/service.ts
 * `refuseImpossible`, docs/security.md "Four-eyes approval"): a plan loss beyond the capital left
 * in the plan (409), a debit adjustment beyond the available balance at request time (409), a
 * withdrawal added to the history or a void of a credit beyond it (422), a trading activity's gain
 * taken back (changed or removed) beyond it (409). The same actions within what there is are still
 * held (202). FOUR_EYES_THRESHOLD $1,000.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, PLAN_MSG, USER_ADMIN_MSG } from '@common/messages';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { approvalRequestsOf, useStaff } from '../../test/four-eyes';
import { createClient, fundClient, type TestUser } from '../../test/factories';

const { t, inject, db } = useTestContext();
const staff = useStaff(t, { maker: 'finance' });

const requestsOf = (c: TestUser) => approvalRequestsOf(db(), c);
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

const postWithdrawal = (c: TestUser, usd: number) =>
  inject('POST', `/api/transaction/${c.id}`, staff.maker.headers, {
    amount: usd,
    transactionType: 'withdrawal',
    details: 'Paid out by wire',
  });

/** Client `c` puts `usd` of their available balance into a plan. */
async function spend(c: TestUser, usd: number) {
  const res = await inject('POST', '/api/user/active-plan', c.headers, {
    amount: usd,
    duration: 14,
    plan: 'investment',
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A client funded with $1,500 (one history line, answered) who then put $1,000 into a plan. */
async function fundedThenSpent(): Promise<{ c: TestUser; line: string }> {
  const c = await createClient(t.app);
  await fundClient(db(), c.id, 1_500_00n);
  const lines = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{ _id: string }>;
  await spend(c, 1_000);
  return { c, line: lines[0]!._id };
}

/** A trading activity with a $1,500 gain posted (straight through the service: no hold). */
async function activityWithGain(c: TestUser): Promise<string> {
  const row = await t.app.ctx.services.tradingActivities.createActivity(
    { id: staff.maker.id, ip: '127.0.0.1' },
    { userId: c.id, tradeAmount: 5_000_00n, profit: 1_500_00n, plan: 'investment', statuss: 'active' },
  );
  return row.id;
}
const activityBody = { tradeAmount: 5000, profit: 0, plan: 'investment', statuss: 'active' };

/** No request was held for `c` and nothing about one was audited. */
async function expectNothingHeld(c: TestUser) {
  expect(await requestsOf(c)).toEqual([]);
  expect(await approvalAudits(c)).toEqual([]);
}

/** $1,500 actions that could never run: the client's balance (cents), plan (USD), and the refusal. */
const REFUSED: Array<{
  what: string;
  balance: bigint;
  plan?: number;
  post: typeof postLoss;
  status: number;
  message: string;
}> = [
  {
    what: 'a plan loss beyond the capital left in the plan',
    balance: 2_000_00n,
    plan: 1_200,
    post: postLoss,
    status: 409,
    message: PLAN_MSG.lossExceedsCapital,
  },
  {
    what: 'a large loss for a client without an active plan',
    balance: 5_000_00n,
    post: postLoss,
    status: 409,
    message: PLAN_MSG.noActivePlan,
  },
  {
    what: 'a debit beyond the available balance',
    balance: 1_200_00n,
    post: postDebit,
    status: 409,
    message: USER_ADMIN_MSG.adjustmentOverdraw('1,200.00'),
  },
  {
    what: 'a withdrawal added to the history beyond the available balance',
    balance: 1_200_00n,
    post: postWithdrawal,
    status: 422,
    message: MONEY_MSG.insufficientBalance,
  },
];

describe('four-eyes never holds what could never run', () => {
  it.each(REFUSED)(
    'refuses $what with $status, before any hold',
    async ({ balance, plan, post, status, message }) => {
      const c = await client(balance, plan);
      const res = await post(c, 1_500);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
      await expectNothingHeld(c);
    },
  );

  it('refuses the void of a credit the client has spent with 422', async () => {
    const { c, line } = await fundedThenSpent();
    const res = await inject('DELETE', `/api/transaction/${line}`, staff.maker.headers, {
      reason: 'Posted twice by mistake',
    });
    expect([res.statusCode, res.json().message]).toEqual([422, MONEY_MSG.insufficientBalance]);
    await expectNothingHeld(c);
  });

  it('refuses taking back an activity gain the client has spent, by a change or a removal, with 409', async () => {
    const c = await createClient(t.app);
    const id = await activityWithGain(c);
    await spend(c, 1_000);
    const changed = await inject('PUT', `/api/trading-activity/${id}`, staff.maker.headers, activityBody);
    expect([changed.statusCode, changed.json().message]).toEqual([409, PLAN_MSG.profitNotCovered]);
    const removed = await inject('DELETE', `/api/trading-activity/${id}`, staff.maker.headers);
    expect([removed.statusCode, removed.json().message]).toEqual([409, PLAN_MSG.profitNotCovered]);
    await expectNothingHeld(c);
  });

  it('still holds a large withdrawal, void and take-back that can run (202)', async () => {
    const c = await client(3_000_00n);
    expect((await postWithdrawal(c, 1_500)).statusCode).toBe(202);
    const other = await createClient(t.app);
    await fundClient(db(), other.id, 1_500_00n);
    const lines = (await inject('GET', '/api/transaction', other.headers)).json().data as Array<{
      _id: string;
    }>;
    const voided = await inject('DELETE', `/api/transaction/${lines[0]!._id}`, staff.maker.headers, {
      reason: 'Posted twice by mistake',
    });
    expect(voided.statusCode, voided.body).toBe(202);
    const third = await createClient(t.app);
    const id = await activityWithGain(third);
    const changed = await inject('PUT', `/api/trading-activity/${id}`, staff.maker.headers, activityBody);
    expect(changed.statusCode, changed.body).toBe(202);
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
