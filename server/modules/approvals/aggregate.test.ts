/**
 * Four-eyes by aggregate through the API on a real database (docs/security.md "Four-eyes
 * approval"): what one maker moved on one client in the last 24 hours counts with the action at
 * hand, across every kind of money action, so slices under the threshold ($1,000 here) are held
 * once they add up to it; another maker, or another client, starts from nothing; a burst of slices
 * sent at once by one maker on one client never moves the threshold unheld (each action takes the
 * maker and client's lock before it sums). A deposit's approval is held like the other actions, and
 * runs when a second staff member approves it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, MONEY_MSG } from '@common/messages';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { deposits, journalEntries } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';
import { approvalRequestsOf, availableOf, useStaff } from '../../test/four-eyes';
import { createClient, submitDeposit, type TestUser } from '../../test/factories';
import { movedRecently } from './aggregate';

const { t, inject, db } = useTestContext();
const staff = useStaff(t, { maker: 'finance', other: 'finance', checker: 'owner' });

const available = (c: TestUser) => availableOf(t.app, c);
const requestsOf = (c: TestUser) => approvalRequestsOf(db(), c);
const adjust = (c: TestUser, usd: number, h: Record<string, string>) =>
  inject('POST', `/api/user/admin/account/${c.id}/adjustments`, h, {
    direction: 'credit',
    amount: usd,
    reason: 'Goodwill credit for the outage',
  });

describe('one maker on one client over 24 hours', () => {
  it('holds the second of five $999 adjustments and every one after it', async () => {
    const c = await createClient(t.app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await adjust(c, 999, staff.maker.headers));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 202, 202, 202, 202]);
    expect(await available(c)).toBe(999_00n);
    const rows = await requestsOf(c);
    expect(rows.map((r) => r.amount)).toEqual([999_00n, 999_00n, 999_00n, 999_00n]);
    expect((answers[1]!.json().data as ApprovalRequest).summary).toBe(
      'Credit adjustment of $999.00 ($999.00 moved by the maker on this client in the last 24 hours)',
    );
    expect(await movedRecently(db(), staff.maker.id, c.id)).toBe(999_00n);
  });

  it('lets another maker, or the same maker on another client, start from nothing', async () => {
    const c = await createClient(t.app);
    const d = await createClient(t.app);
    expect((await adjust(c, 999, staff.maker.headers)).statusCode).toBe(201);
    expect((await adjust(c, 999, staff.other.headers)).statusCode).toBe(201);
    expect((await adjust(d, 999, staff.maker.headers)).statusCode).toBe(201);
    expect((await adjust(c, 1, staff.maker.headers)).statusCode).toBe(202);
  });

  it('sums across kinds: an adjustment, then a history line, then raising a trading activity', async () => {
    const c = await createClient(t.app, { balance: 10_000_00n });
    expect((await adjust(c, 400, staff.maker.headers)).statusCode).toBe(201);
    const line = await inject('POST', `/api/transaction/${c.id}`, staff.maker.headers, {
      amount: 500,
      transactionType: 'bonus',
      details: 'Loyalty bonus',
    });
    expect(line.statusCode, line.body).toBe(201);
    // $900 so far: a $100 activity reaches $1,000 and waits
    const activity = await inject('POST', '/api/trading-activity', staff.maker.headers, {
      userId: c.id,
      tradeAmount: 5000,
      profit: 100,
      plan: 'investment',
      statuss: 'active',
    });
    expectAnswer(activity, 202, APPROVAL_MSG.sentForApproval, { amount: 100 });

    // a trading activity raised $999 at a time by another maker: the second raise waits
    const other = staff.other.headers;
    const made = await inject('POST', '/api/trading-activity', other, {
      userId: c.id,
      tradeAmount: 5000,
      profit: 999,
      plan: 'investment',
      statuss: 'active',
    });
    expect(made.statusCode, made.body).toBe(201);
    const raise = (profit: number) =>
      inject('PUT', `/api/trading-activity/${made.json().data._id}`, other, {
        userId: c.id,
        tradeAmount: 5000,
        profit,
        plan: 'investment',
        statuss: 'active',
      });
    expectAnswer(await raise(1998), 202, APPROVAL_MSG.sentForApproval, { amount: 999 });
  });

  it('never lets a burst of slices sent at once move the threshold unheld', async () => {
    const c = await createClient(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? adjust(c, 300, staff.maker.headers)
          : inject('POST', `/api/transaction/${c.id}`, staff.maker.headers, {
              amount: 300,
              transactionType: 'bonus',
              details: 'Loyalty bonus',
            }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(3);
    expect(codes.filter((s) => s === 202)).toHaveLength(9);
    expect(await available(c)).toBe(900_00n);
    expect(await movedRecently(db(), staff.maker.id, c.id)).toBe(900_00n);
    const posted = await db().select().from(journalEntries).where(eq(journalEntries.userId, c.id));
    expect(posted).toHaveLength(3);
  });
});

describe("a deposit's approval", () => {
  it('is held at $1,000; a second staff member approves it and the deposit is approved', async () => {
    const c = await createClient(t.app);
    const id = await submitDeposit(t.app, c, 1000);
    const held = await inject('PUT', `/api/deposits/${id}/approve`, staff.maker.headers);
    const request = expectAnswer(held, 202, APPROVAL_MSG.sentForApproval, {
      action: 'deposit_approval',
      amount: 1000,
      client: { _id: c.id },
      maker: { _id: staff.maker.id },
    }).data as ApprovalRequest;
    expect(request.summary).toBe('Approval of a bitcoin deposit of $1,000.00');
    const [pending] = await db().select().from(deposits).where(eq(deposits.id, id));
    expect(pending!.status).toBe('pending');
    expect(await available(c)).toBe(0n);
    // held once: the same deposit cannot be sent for approval twice
    expectAnswer(
      await inject('PUT', `/api/deposits/${id}/approve`, staff.other.headers),
      409,
      APPROVAL_MSG.alreadyWaiting,
    );
    expectAnswer(
      await inject('POST', `/api/approvals/${request._id}/approve`, staff.maker.headers),
      409,
      APPROVAL_MSG.ownRequest,
    );

    const approved = await inject('POST', `/api/approvals/${request._id}/approve`, staff.checker.headers);
    expectAnswer(approved, 200, APPROVAL_MSG.approved, { status: 'approved', resultId: id });
    const [row] = await db().select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: staff.checker.id });
    expect(await available(c)).toBe(1000_00n);
    expectAnswer(
      await inject('PUT', `/api/deposits/${id}/approve`, staff.other.headers),
      409,
      MONEY_MSG.depositAlready('approved'),
    );
  });

  it('pays the first-deposit bonus when a held $5,000 deposit is approved', async () => {
    const c = await createClient(t.app);
    const id = await submitDeposit(t.app, c, 5000);
    const request = (await inject('PUT', `/api/deposits/${id}/approve`, staff.maker.headers)).json().data;
    expect(
      (await inject('POST', `/api/approvals/${request._id}/approve`, staff.checker.headers)).statusCode,
    ).toBe(200);
    expect(await available(c)).toBe(5500_00n);
  });

  it('counts in the aggregate: $600 approved, then $500 more from the same maker waits', async () => {
    const c = await createClient(t.app);
    const first = await submitDeposit(t.app, c, 600);
    expect((await inject('PUT', `/api/deposits/${first}/approve`, staff.maker.headers)).statusCode).toBe(200);
    const second = await submitDeposit(t.app, c, 500);
    expectAnswer(await inject('PUT', `/api/deposits/${second}/approve`, staff.maker.headers), 202);
    expect((await adjust(c, 500, staff.maker.headers)).statusCode).toBe(202);
    expect(await available(c)).toBe(600_00n);
  });
});
