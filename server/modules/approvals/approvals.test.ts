/**
 * Four-eyes approval through the API on a real database (docs/security.md "Four-eyes approval"):
 * every kind of money action is held at and above FOUR_EYES_THRESHOLD_USD ($1,000 here, the
 * default) and runs at once below it; a second staff member approves (the action runs then, once,
 * even when two approve at the same moment) or rejects with a reason; the maker never checks their
 * own request; maker and checker are both in the audit log; 0 holds every action.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, STAFF_MSG } from '@common/messages';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { approvalRequests, auditLog } from '../../db/schema';
import { useBefore, useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';
import { approvalRequestsOf, availableOf, useStaff } from '../../test/four-eyes';
import type { TestContext } from '../../test/app';
import {
  createClient,
  createTestUser,
  fundClient,
  submitDeposit,
  submitWithdrawal,
  type TestUser,
} from '../../test/factories';

const { t, admin, inject, db } = useTestContext();
const staff = useStaff(t, {
  maker: 'finance',
  checker: 'finance',
  // moves money in one test only: what the others move (or who wins a race to approve) never
  // brings its 24-hour total to the threshold
  bystander: 'finance',
  support: 'support',
  compliance: 'compliance',
});

const available = (c: TestUser) => availableOf(t.app, c);
const requestsOf = (c: TestUser) => approvalRequestsOf(db(), c);
const today = () => new Date().toISOString().slice(0, 10);

/** A client with $20,000 available and a $5,000 active plan. */
async function clientWithPlan(): Promise<TestUser> {
  const c = await createClient(t.app, { level: 'identity', balance: 20_000_00n });
  const res = await inject('POST', '/api/user/active-plan', c.headers, {
    amount: 5000,
    duration: 14,
    plan: 'investment',
  });
  expect(res.statusCode, res.body).toBe(201);
  return c;
}

/** How each kind of held action is sent, for `usd` dollars, on client `c`, by `h`. */
type Send = (c: TestUser, usd: number, h: Record<string, string>) => ReturnType<typeof inject>;

const KINDS: Array<{ kind: string; op: string; done: number; send: Send }> = [
  {
    kind: 'adjustment',
    op: 'adjustment',
    done: 201,
    send: (c, usd, h) =>
      inject('POST', `/api/user/admin/account/${c.id}/adjustments`, h, {
        direction: 'credit',
        amount: usd,
        reason: 'Goodwill credit for the outage',
      }),
  },
  {
    kind: 'transaction',
    op: 'transaction',
    done: 201,
    send: (c, usd, h) =>
      inject('POST', `/api/transaction/${c.id}`, h, {
        amount: usd,
        transactionType: 'bonus',
        details: 'Loyalty bonus',
      }),
  },
  {
    kind: 'profit (plan result)',
    op: 'plan_result',
    done: 201,
    send: (c, usd, h) =>
      inject('POST', `/api/user/admin/add-profit/${c.id}`, h, {
        profit: usd,
        date: today(),
        reason: 'Monthly result',
      }),
  },
  {
    kind: 'profit (trading activity)',
    op: 'activity_create',
    done: 201,
    send: (c, usd, h) =>
      inject('POST', '/api/trading-activity', h, {
        userId: c.id,
        tradeAmount: 5000,
        profit: usd,
        plan: 'investment',
        statuss: 'active',
      }),
  },
  {
    kind: 'void',
    op: 'void',
    done: 200,
    send: async (c, usd, h) => {
      await fundClient(db(), c.id, BigInt(Math.round(usd * 100)));
      const lines = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{
        _id: string;
        details: string;
      }>;
      const line = lines.find((l) => l.details === 'test funding')!;
      return inject('DELETE', `/api/transaction/${line._id}`, h, { reason: 'Posted twice by mistake' });
    },
  },
  {
    kind: 'withdrawal approval',
    op: 'withdrawal_approval',
    done: 200,
    send: async (c, usd, h) => {
      const id = await submitWithdrawal(t.app, c, usd);
      return inject('PUT', `/api/c-withdrawals/${id}/approve`, h);
    },
  },
  {
    kind: 'deposit approval',
    op: 'deposit_approval',
    done: 200,
    send: async (c, usd, h) =>
      inject('PUT', `/api/deposits/${await submitDeposit(t.app, c, usd)}/approve`, h),
  },
];

describe.each(KINDS)('$kind', ({ op, done, send }) => {
  it('runs at once below the threshold, and is held at and above it with nothing moved', async () => {
    const c = await clientWithPlan();
    const below = await send(c, 999.99, staff.maker.headers);
    expect(below.statusCode, below.body).toBe(done);
    expect(await requestsOf(c)).toHaveLength(0);

    for (const usd of [1000, 2500]) {
      const before = await available(c);
      const held = await send(c, usd, staff.maker.headers);
      const body = expectAnswer(held, 202, APPROVAL_MSG.sentForApproval, {
        status: 'pending',
        amount: usd,
        client: { _id: c.id },
        maker: { _id: staff.maker.id },
        checker: null,
      });
      expect((body.data as ApprovalRequest).summary).toMatch(/\$[\d,]+\.\d\d/);
      // a void and a withdrawal's approval move nothing until approved (their set-up may have)
      if (op !== 'void' && op !== 'withdrawal_approval') expect(await available(c)).toBe(before);
    }
    const rows = await requestsOf(c);
    expect(rows.map((r) => [r.amount, r.status, (r.payload as { op: string }).op])).toEqual([
      [1000_00n, 'pending', op],
      [2500_00n, 'pending', op],
    ]);

    // the second finance member approves: the action runs now, as the checker, once
    const approved = await inject('POST', `/api/approvals/${rows[1]!.id}/approve`, staff.checker.headers);
    const data = expectAnswer(approved, 200, APPROVAL_MSG.approved, {
      status: 'approved',
      checker: { _id: staff.checker.id },
    }).data as ApprovalRequest;
    expect(data.resultId).toEqual(expect.any(String));
    expectAnswer(
      await inject('POST', `/api/approvals/${rows[1]!.id}/approve`, admin.headers),
      409,
      APPROVAL_MSG.already('approved'),
    );
  });
});

describe('deciding', () => {
  const c = useBefore(() => createClient(t.app, { level: 'identity', balance: 100_00n }));
  const adjust = (usd: number, h = staff.maker.headers, direction = 'credit') =>
    inject('POST', `/api/user/admin/account/${c.id}/adjustments`, h, {
      direction,
      amount: usd,
      reason: 'Settlement of case 1234',
    });

  it('never lets the maker check their own request (409; the table refuses it too)', async () => {
    const id = (await adjust(5000)).json().data._id as string;
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/approve`, staff.maker.headers),
      409,
      APPROVAL_MSG.ownRequest,
    );
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/reject`, staff.maker.headers, { reason: 'Changed my mind' }),
      409,
      APPROVAL_MSG.ownRequest,
    );
    await expect(
      db()
        .update(approvalRequests)
        .set({ status: 'approved', checkerId: staff.maker.id, decidedAt: new Date() })
        .where(eq(approvalRequests.id, id)),
    ).rejects.toThrow();
  });

  it('runs an approved adjustment with its reason for the client; maker and checker are audited', async () => {
    const before = await available(c);
    const id = (await adjust(5000)).json().data._id as string;
    const res = await inject('POST', `/api/approvals/${id}/approve`, staff.checker.headers);
    const resultId = (expectAnswer(res, 200).data as ApprovalRequest).resultId!;
    expect(await available(c)).toBe(before + 5000_00n);
    const history = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{
      _id: string;
      details: string;
      amount: number;
    }>;
    expect(history.find((l) => l._id === resultId)).toMatchObject({
      details: 'Settlement of case 1234',
      amount: 5000,
    });

    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['approval.request', staff.maker.id],
      ['approval.approve', staff.checker.id],
    ]);
    expect(audits[1]!.after).toMatchObject({
      makerId: staff.maker.id,
      checkerId: staff.checker.id,
      amount: 5000,
      resultId,
    });
    const [posted] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.adjustment'), eq(auditLog.targetId, resultId)));
    expect(posted!.actorId).toBe(staff.checker.id);
  });

  it('rejects with a reason (3–500 characters); nothing runs and the request stays decided', async () => {
    const before = await available(c);
    const id = (await adjust(3000)).json().data._id as string;
    expectAnswer(await inject('POST', `/api/approvals/${id}/reject`, staff.checker.headers, {}), 400);
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/reject`, staff.checker.headers, { reason: 'no' }),
      400,
    );
    const res = await inject('POST', `/api/approvals/${id}/reject`, staff.checker.headers, {
      reason: 'No case 1234 on file',
    });
    expectAnswer(res, 200, APPROVAL_MSG.rejected, {
      status: 'rejected',
      decisionReason: 'No case 1234 on file',
      checker: { _id: staff.checker.id },
      resultId: null,
    });
    expect(await available(c)).toBe(before);
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/approve`, admin.headers),
      409,
      APPROVAL_MSG.already('rejected'),
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'approval.reject')));
    expect(audit).toMatchObject({
      actorId: staff.checker.id,
      after: { makerId: staff.maker.id, reason: 'No case 1234 on file' },
    });
  });

  it('applies a request approved twice at the same moment once', async () => {
    const before = await available(c);
    const id = (await adjust(4000)).json().data._id as string;
    const answers = await Promise.all([
      inject('POST', `/api/approvals/${id}/approve`, staff.checker.headers),
      inject('POST', `/api/approvals/${id}/approve`, admin.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await available(c)).toBe(before + 4000_00n);
  });

  it('keeps a request pending when its action is refused at approval (a debit beyond the balance)', async () => {
    // a debit of the whole balance is held; the balance moves before the checker decides
    await fundClient(db(), c.id, 2_000_00n);
    const whole = Number(await available(c)) / 100;
    const id = (await adjust(whole, staff.maker.headers, 'debit')).json().data._id as string;
    const other = await inject(
      'POST',
      `/api/user/admin/account/${c.id}/adjustments`,
      staff.bystander.headers,
      { direction: 'debit', amount: 1, reason: 'Card fee' },
    );
    expect(other.statusCode, other.body).toBe(201);
    const res = await inject('POST', `/api/approvals/${id}/approve`, staff.checker.headers);
    expect(res.statusCode).toBe(409);
    const [row] = await db().select().from(approvalRequests).where(eq(approvalRequests.id, id));
    expect(row).toMatchObject({ status: 'pending', checkerId: null });
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/reject`, staff.checker.headers, {
        reason: 'Balance too low',
      }),
      200,
    );
  });

  it('holds one request per row: a second void of the same line waits for the first', async () => {
    await fundClient(db(), c.id, 2000_00n);
    const lines = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{
      _id: string;
      details: string;
    }>;
    const line = lines.find((l) => l.details === 'test funding')!;
    const voidIt = () =>
      inject('DELETE', `/api/transaction/${line._id}`, staff.maker.headers, { reason: 'Duplicate line' });
    expect((await voidIt()).statusCode).toBe(202);
    expectAnswer(await voidIt(), 409, APPROVAL_MSG.alreadyWaiting);
  });

  it('replays a held request for the same Idempotency-Key instead of holding it twice', async () => {
    const headers = { ...staff.maker.headers, 'idempotency-key': `four-eyes-${c.id}` };
    const first = await adjust(1500, headers);
    const again = await adjust(1500, headers);
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers the queue oldest first, the decided newest first, and counts it on the dashboard', async () => {
    const pending = (await inject('GET', '/api/approvals?pageSize=40', staff.checker.headers)).json();
    const times = (pending.data as ApprovalRequest[]).map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect(pending.data.every((r: ApprovalRequest) => r.status === 'pending')).toBe(true);
    const overview = (await inject('GET', '/api/user/admin/overview', admin.headers)).json().data;
    expect(overview.pendingApprovals).toBe(pending.total);
    const decided = (await inject('GET', '/api/approvals?status=decided', staff.checker.headers)).json();
    const decidedAt = (decided.data as ApprovalRequest[]).map((r) => r.decidedAt!);
    expect(decidedAt).toEqual([...decidedAt].sort().reverse());
    expect(decided.data.every((r: ApprovalRequest) => r.status !== 'pending')).toBe(true);
  });

  it("answers one client's requests only, so the client's pages can say what waits", async () => {
    const [mine, other] = [await createClient(t.app), await createClient(t.app)];
    expect((await KINDS[0]!.send(mine, 4000, staff.maker.headers)).statusCode).toBe(202);
    expect((await KINDS[0]!.send(other, 4100, staff.maker.headers)).statusCode).toBe(202);
    const page = (
      await inject('GET', `/api/approvals?clientId=${mine.id}`, staff.checker.headers)
    ).json() as { data: ApprovalRequest[]; total: number };
    expect(page.total).toBe(1);
    expect(page.data.map((r) => [r.client?._id, r.amount, r.status])).toEqual([[mine.id, 4000, 'pending']]);
    const none = await inject(
      'GET',
      `/api/approvals?clientId=${mine.id}&status=decided`,
      staff.checker.headers,
    );
    expect(none.json().total).toBe(0);
    expectAnswer(await inject('GET', '/api/approvals?clientId=not-an-id', staff.checker.headers), 400);
  });

  it('is for finance and owners only', async () => {
    for (const who of [staff.support, staff.compliance]) {
      expectAnswer(await inject('GET', '/api/approvals', who.headers), 403, STAFF_MSG.notAllowed);
    }
    const id = (await adjust(1200)).json().data._id as string;
    expectAnswer(
      await inject('POST', `/api/approvals/${id}/approve`, staff.compliance.headers),
      403,
      STAFF_MSG.notAllowed,
    );
    expectAnswer(await inject('POST', `/api/approvals/${id}/approve`, c.headers), 403);
  });

  it("checks the held action's own permission when rejecting as when approving (the service, past the route)", async () => {
    const id = (await adjust(1300)).json().data._id as string;
    const { approvals } = t.app.ctx.services;
    const support = { id: staff.support.id, ip: '127.0.0.1' };
    await expect(approvals.reject(support, id, 'Not mine to decide')).rejects.toMatchObject({
      code: 'role_not_allowed',
      message: STAFF_MSG.notAllowed,
    });
    await expect(approvals.approve(support, id)).rejects.toMatchObject({ code: 'role_not_allowed' });
    const [row] = await db().select().from(approvalRequests).where(eq(approvalRequests.id, id));
    expect(row!.status).toBe('pending');
  });
});

describe('with the threshold at 0', () => {
  const zero = useTestContext({ fourEyesThreshold: 0n });
  it('holds every action that moves money, and none that moves nothing', async () => {
    const ctx: TestContext = zero.t;
    const c = await createClient(ctx.app, { balance: 100n });
    const maker = await createTestUser(ctx.app, { role: 'finance' });
    const adjust = (usd: number) =>
      zero.inject('POST', `/api/user/admin/account/${c.id}/adjustments`, maker.headers, {
        direction: 'credit',
        amount: usd,
        reason: 'One cent test',
      });
    expectAnswer(await adjust(0.01), 202, APPROVAL_MSG.sentForApproval, { amount: 0.01 });
    const activity = await zero.inject('POST', '/api/trading-activity', maker.headers, {
      userId: c.id,
      tradeAmount: 100,
      profit: 0,
      plan: 'investment',
      statuss: 'active',
    });
    expect(activity.statusCode).toBe(201);
  });
});
