/**
 * One row per e-mail kind about money and the account (docs/operations.md "What an
 * e-mail looks like"): each is sent by the API that sends it in production, read back from the real
 * SMTP receiver, and checked (test/mail-expect.ts) for its exact subject, the brand's sender and
 * Reply-To, both parts with brand, greeting, support address and site link, the risk warning exactly
 * on money e-mails, and what the kind must say (the reason on every decision, amounts, the withdrawal
 * code's service, amount, masked destination, expiry and "never ask"). Plan completions are
 * triggered by the sweep's own call (`completeDuePlans`) after the plan's end date has passed, the
 * referral bonus by the referred client's deposit being approved (and voided). The sign-in and
 * security kinds are in mail-kinds-security.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import { MESSAGING_MSG, USER_ADMIN_MSG } from '@common/messages';
import { plans, users } from '../db/schema';
import {
  createClient,
  requestCryptoCode,
  submitDeposit,
  submitWithdrawal,
  type TestUser,
} from '../test/factories';
import { useTestContext } from '../test/context';
import { expectingCaller, itSendsEachKind, type MailKind } from '../test/mail-expect';

// four-eyes (approvals/aggregate.test.ts) out of the way: one admin posts everything here
const { t, admin, inject, db } = useTestContext({ fourEyesThreshold: 1_000_000_00n });
const call = expectingCaller(inject);

/** A verified client named Test with $500, handed to `act`; answers their address. */
async function client(act: (c: TestUser) => Promise<unknown>): Promise<string> {
  const c = await createClient(t.app, { level: 'identity', balance: 500_00n });
  await act(c);
  return c.email;
}

const openPlan = (id: string) =>
  call('PUT', `/api/user/admin/active-plan/${id}`, admin.headers, {
    amount: 300,
    duration: 1,
    plan: 'copy_trading',
  });

/** A client (`client`) on an open plan to whom staff post `profit` USD today (a loss below 0) with `reason`. */
const staffPosting = (profit: number, reason: string) =>
  client(async (c) => {
    await openPlan(c.id);
    const posting = { profit, date: new Date().toISOString(), reason };
    await call('POST', `/api/user/admin/add-profit/${c.id}`, admin.headers, posting, 201);
  });

const TRADE = { tradeAmount: 250, profit: 12.5, plan: 'copy_trading', statuss: 'completed' };

/** Opens a plan for `c` and adds a completed trade with a $12.50 profit (e-mailed); answers its id. */
async function addTrade(c: TestUser): Promise<string> {
  await openPlan(c.id);
  const res = await call('POST', '/api/trading-activity', admin.headers, { ...TRADE, userId: c.id }, 201);
  return res.json().data._id as string;
}

/**
 * A referred client's $100 deposit approved (its referrer, a Basic client named Test, earns 3%:
 * $3.00); `after` gets the deposit's id. Answers the referrer's address.
 */
async function referredDeposit(after: (depositId: string) => Promise<unknown> = async () => {}) {
  const referrer = await createClient(t.app);
  const referred = await createClient(t.app, { referredBy: referrer.id });
  const id = await submitDeposit(t.app, referred);
  await call('PUT', `/api/deposits/${id}/approve`, admin.headers, {});
  await after(id);
  return referrer.email;
}

/** Moves `userId`'s active plan's end a second into the past, then runs the sweep's completion for them. */
async function completePlanOf(userId: string) {
  await db()
    .update(plans)
    .set({ endDate: sql`now() - interval '1 second'` })
    .where(eq(plans.userId, userId));
  await t.app.ctx.services.plans.completeDuePlans({ userId });
}

/** A client (`client`) whose identity documents wait for review, decided by staff with `decision`. */
const identityDecided = (decision: { status: string; reason?: string }) =>
  client(async (c) => {
    await db().update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, c.id));
    await call('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, decision);
  });

/**
 * The kind of a balance change staff post to a client (`post(id)`: the URL and body, answered 201):
 * its notice says `direction`, the amount and the reason (`[usd, reason]`).
 */
const balanceChanged = (
  kind: string,
  direction: 'credit' | 'debit',
  [usd, reason]: [string, string],
  post: (id: string) => [string, object],
): MailKind => ({
  kind,
  trigger: () =>
    client((c) => {
      const [url, body] = post(c.id);
      return call('POST', url, admin.headers, body, 201);
    }),
  subject: USER_ADMIN_MSG.balanceChangedTitle(direction),
  money: true,
  mustContain: [USER_ADMIN_MSG.balanceChanged(direction, usd, reason)],
  name: 'Test',
});

const KINDS: MailKind[] = [
  {
    kind: 'withdrawal code',
    trigger: () =>
      client(async (c) => {
        const res = await requestCryptoCode(t.app, c, 10);
        if (res.statusCode !== 202) throw new Error(`code answered ${res.statusCode}: ${res.body}`);
      }),
    subject: 'Your withdrawal confirmation code',
    money: true,
    mustContain: [
      `Your ${DEMO_BRAND.name} code to confirm a withdrawal of $10.00`,
      'Ethereum (ETH) address ending in 9EE7',
      'expires in 10 minutes',
      'will ever ask you for this code',
    ],
    name: 'Test',
  },
  {
    kind: 'withdrawal approved',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/c-withdrawals/${await submitWithdrawal(t.app, c, 20)}/approve`, admin.headers, {}),
      ),
    subject: 'Withdrawal approved',
    money: true,
    mustContain: ['$20'],
    name: 'Test',
  },
  {
    kind: 'withdrawal declined',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/c-withdrawals/${await submitWithdrawal(t.app, c, 20)}/reject`, admin.headers, {
          reason: 'Address not whitelisted',
        }),
      ),
    subject: 'Withdrawal declined',
    money: true,
    mustContain: ['Reason: Address not whitelisted'],
    name: 'Test',
  },
  {
    kind: 'deposit approved',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/deposits/${await submitDeposit(t.app, c)}/approve`, admin.headers, {}),
      ),
    subject: 'Deposit approved',
    money: true,
    mustContain: ['$100'],
    name: 'Test',
  },
  {
    kind: 'deposit rejected',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/deposits/${await submitDeposit(t.app, c)}/reject`, admin.headers, {
          reason: 'Proof is unreadable',
        }),
      ),
    subject: 'Deposit rejected',
    money: true,
    mustContain: ['Reason: Proof is unreadable'],
    name: 'Test',
  },
  {
    kind: 'plan opened by staff',
    trigger: () => client((c) => openPlan(c.id)),
    subject: 'Plan opened',
    money: true,
    mustContain: ['$300.00'],
    name: 'Test',
  },
  {
    kind: 'plan cleared by staff',
    trigger: () =>
      client(async (c) => {
        await openPlan(c.id);
        await call('DELETE', `/api/user/admin/active-plan/${c.id}`, admin.headers, {});
      }),
    subject: 'Plan cleared',
    money: true,
    mustContain: [],
    name: 'Test',
  },
  {
    kind: 'plan completed (end date reached)',
    trigger: () =>
      client(async (c) => {
        await openPlan(c.id);
        await completePlanOf(c.id);
      }),
    subject: 'Plan completed',
    money: true,
    mustContain: ['plan of $300.00 for 1 day has completed', 'The capital of $300.00 is back'],
    name: 'Test',
  },
  {
    kind: 'trade profit added',
    trigger: () => client(addTrade),
    subject: 'Profit added',
    money: true,
    mustContain: ['$12.50'],
    name: 'Test',
  },
  {
    kind: 'trade profit updated',
    trigger: () =>
      client(async (c) => {
        const id = await addTrade(c);
        await call('PUT', `/api/trading-activity/${id}`, admin.headers, { ...TRADE, profit: 20 });
      }),
    subject: 'Trade profit updated',
    money: true,
    mustContain: ['from $12.50 to $20.00'],
    name: 'Test',
  },
  {
    kind: 'trade removed',
    trigger: () =>
      client(async (c) => call('DELETE', `/api/trading-activity/${await addTrade(c)}`, admin.headers, {})),
    subject: 'Trade removed',
    money: true,
    mustContain: ['its profit of $12.50 was taken from your available balance'],
    name: 'Test',
  },
  {
    kind: 'plan loss posted by staff',
    trigger: () => staffPosting(-15, 'Stopped out on EUR/USD'),
    subject: 'Plan loss',
    money: true,
    mustContain: ['lost $15.00', 'Reason: Stopped out on EUR/USD'],
    name: 'Test',
  },
  {
    kind: 'plan profit posted by staff',
    trigger: () => staffPosting(8, 'Closed long on EUR/USD'),
    subject: 'Profit added',
    money: true,
    mustContain: ['A profit of $8.00', 'Reason: Closed long on EUR/USD'],
    name: 'Test',
  },
  balanceChanged('account credited by staff (adjustment)', 'credit', ['250.00', 'Goodwill'], (id) => [
    `/api/user/admin/account/${id}/adjustments`,
    { direction: 'credit', amount: 250, reason: 'Goodwill' },
  ]),
  balanceChanged('account debited by staff (added transaction)', 'debit', ['40.00', 'Paid out'], (id) => [
    `/api/transaction/${id}`,
    { transactionType: 'withdrawal', amount: 40, details: 'Paid out' },
  ]),
  {
    kind: 'first-deposit bonus credited',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/deposits/${await submitDeposit(t.app, c, 5000)}/approve`, admin.headers, {}),
      ),
    subject: 'Bonus credited',
    money: true,
    mustContain: ['A bonus of $500.00 has been added to your available balance.'],
    name: 'Test',
  },
  {
    kind: 'referral bonus credited',
    trigger: () => referredDeposit(),
    subject: 'Referral bonus credited',
    money: true,
    mustContain: ['A referral bonus of $3.00 has been added to your available balance.'],
    name: 'Test',
  },
  {
    kind: 'referral bonus voided with the deposit',
    trigger: () =>
      referredDeposit((id) =>
        call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'Chargeback' }),
      ),
    subject: 'Referral bonus voided',
    money: true,
    mustContain: ['Your referral bonus of $3.00', 'Reason: Chargeback.'],
    name: 'Test',
  },
  {
    kind: 'transaction voided',
    trigger: () =>
      client(async (c) => {
        const line = { amount: 10, transactionType: 'profit', details: 'Trading profit' };
        const added = await call('POST', `/api/transaction/${c.id}`, admin.headers, line, 201);
        await call('DELETE', `/api/transaction/${added.json().data._id}`, admin.headers, {
          reason: 'Entered twice',
        });
      }),
    subject: 'Transaction voided',
    money: true,
    mustContain: ['Reason: Entered twice'],
    name: 'Test',
  },
  {
    kind: 'staff-written notice',
    trigger: () =>
      client((c) =>
        call(
          'POST',
          '/api/notifications',
          admin.headers,
          { userId: c.id, title: 'A note', message: 'Hi.' },
          201,
        ),
      ),
    subject: 'A note',
    money: false,
    mustContain: ['Hi.', 'To receive no more messages like it'],
    name: 'Test',
  },
  {
    kind: 'identity verified',
    trigger: () => identityDecided({ status: 'verified' }),
    subject: USER_ADMIN_MSG.verifiedTitle,
    money: false,
    mustContain: [USER_ADMIN_MSG.verifiedMessage],
    name: 'Test',
  },
  {
    kind: 'identity verification rejected',
    trigger: () => identityDecided({ status: 'rejected', reason: 'Photo is blurred' }),
    subject: USER_ADMIN_MSG.rejectedTitle,
    money: false,
    mustContain: ['Reason: Photo is blurred'],
    name: 'Test',
  },
  {
    kind: 'account blocked',
    trigger: () =>
      client((c) =>
        call('POST', `/api/user/admin/${c.id}/block`, admin.headers, { reason: 'Documents under review' }),
      ),
    subject: 'Your account has been blocked',
    money: false,
    mustContain: ['Reason: Documents under review'],
    name: 'Test',
  },
  {
    kind: 'staff-written e-mail',
    trigger: () =>
      client((c) =>
        call('POST', '/api/user/admin/email', admin.headers, {
          userId: c.id,
          subject: 'About you',
          message: 'Hi there.',
        }),
      ),
    subject: 'About you',
    money: false,
    mustContain: ['Hi there.', 'To receive no more messages like it'],
    name: 'Test',
  },
  {
    kind: 'support reply',
    trigger: () =>
      client(async (c) => {
        const ticket = await call(
          'POST',
          '/api/support',
          c.headers,
          { message: 'Where is my deposit?' },
          201,
        );
        await call('PUT', `/api/support/${ticket.json().data._id}`, admin.headers, {
          reply: 'It is on its way.',
        });
      }),
    subject: MESSAGING_MSG.supportReplyTitle,
    money: false,
    mustContain: ['It is on its way.', 'To receive no more messages like it'],
    name: 'Test',
  },
];

describe('every money and account e-mail kind, read from the SMTP receiver', () => {
  itSendsEachKind(() => t, KINDS);
});
