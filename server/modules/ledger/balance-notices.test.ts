/**
 * Every balance change staff post reaches the client (docs/product.md "Notices"): an adjustment,
 * credit or debit, run at once or after four-eyes approval, and a transaction staff add write the
 * client's notice with the amount (USD) and the reason in the unit of work that posts them, and
 * its e-mail arrives at the real SMTP receiver with the money e-mail's parts (test/mail-expect.ts).
 * A held adjustment tells nobody until it is approved. Voiding a deposit names the first-deposit
 * bonus voided with it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, USER_ADMIN_MSG } from '@common/messages';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { mailWithSubject } from '../../test/decision-reasons';
import { useStaff } from '../../test/four-eyes';
import { expectingCaller, expectParts, expectTrustworthy } from '../../test/mail-expect';
import { createClient, submitDeposit, type TestUser } from '../../test/factories';

// four-eyes from $1,000, the default
const { t, admin, inject, db } = useTestContext();
const staff = useStaff(t, { maker: 'finance', checker: 'finance' });
const call = expectingCaller(inject);

type Direction = 'credit' | 'debit';

/** `c`'s notices titled `title`, messages only, oldest first. */
const noticesOf = async (c: TestUser, title: string) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.id), eq(notifications.title, title)))
      .orderBy(notifications.createdAt)
  ).map((n) => n.message);

/**
 * Expects `c`'s notices of `direction` to be exactly the ones saying `changes` ([USD as shown,
 * reason], oldest first), and the e-mail of the newest to arrive with its amount and reason.
 */
async function expectTold(c: TestUser, direction: Direction, changes: Array<[string, string]>) {
  const title = USER_ADMIN_MSG.balanceChangedTitle(direction);
  const messages = changes.map(([usd, reason]) => USER_ADMIN_MSG.balanceChanged(direction, usd, reason));
  expect(await noticesOf(c, title)).toEqual(messages);
  const mail = await mailWithSubject(t, c.email, title);
  expectTrustworthy(mail, { money: true, name: 'Test' });
  expectParts(mail, [messages.at(-1)!]);
}

/** Adjusts `c`'s balance as `headers` (the admin unless given) and answers the response. */
const adjust = (
  c: TestUser,
  direction: Direction,
  amount: number,
  reason: string,
  headers = admin.headers,
  status = 201,
) =>
  call('POST', `/api/user/admin/account/${c.id}/adjustments`, headers, { direction, amount, reason }, status);

/** Approves, as the checker, the action held by `res` (a 202 of four-eyes). */
const approve = (res: { json(): { data: { _id: string } } }) =>
  call('POST', `/api/approvals/${res.json().data._id}/approve`, staff.checker.headers, {});

describe('an adjustment tells the client the amount and the reason', () => {
  it('posted at once: a credit and a debit, each a notice and an e-mail', async () => {
    const c = await createClient(t.app, { balance: 100_00n });
    await adjust(c, 'credit', 250.5, 'Goodwill after the outage');
    await expectTold(c, 'credit', [['250.50', 'Goodwill after the outage']]);
    await adjust(c, 'debit', 40, 'Card fee charged twice');
    await expectTold(c, 'debit', [['40.00', 'Card fee charged twice']]);
  });

  it('held by four-eyes: nobody is told until a checker approves it, then the client is', async () => {
    const c = await createClient(t.app, { balance: 100_00n });
    const credit = await adjust(c, 'credit', 5000, 'Settlement of case 1234', staff.maker.headers, 202);
    expect(credit.json().message).toBe(APPROVAL_MSG.sentForApproval);
    expect(await noticesOf(c, USER_ADMIN_MSG.balanceChangedTitle('credit'))).toEqual([]);
    await approve(credit);
    await expectTold(c, 'credit', [['5,000.00', 'Settlement of case 1234']]);

    const debit = await adjust(c, 'debit', 1500, 'Bonus paid in error', staff.maker.headers, 202);
    expect(await noticesOf(c, USER_ADMIN_MSG.balanceChangedTitle('debit'))).toEqual([]);
    await approve(debit);
    await expectTold(c, 'debit', [['1,500.00', 'Bonus paid in error']]);
  });

  it('refused (a debit beyond the balance): nobody is told', async () => {
    const c = await createClient(t.app, { balance: 10_00n });
    await adjust(c, 'debit', 20, 'Too much', admin.headers, 409);
    expect(await noticesOf(c, USER_ADMIN_MSG.balanceChangedTitle('debit'))).toEqual([]);
  });
});

describe('a transaction staff add tells the client the amount and the reason', () => {
  it('a deposit line credits, a withdrawal line debits: each a notice and an e-mail', async () => {
    const c = await createClient(t.app, { balance: 100_00n });
    const line = (transactionType: string, amount: number, details: string) =>
      call('POST', `/api/transaction/${c.id}`, admin.headers, { transactionType, amount, details }, 201);
    await line('deposit', 75, 'Wire received on 28 November');
    await expectTold(c, 'credit', [['75.00', 'Wire received on 28 November']]);
    await line('withdrawal', 30.25, 'Paid out by wire');
    await expectTold(c, 'debit', [['30.25', 'Paid out by wire']]);
  });
});

describe('voiding a deposit', () => {
  it('names the first-deposit bonus voided with it in the client’s notice', async () => {
    const c = await createClient(t.app, { level: 'identity' });
    const id = await submitDeposit(t.app, c, 5000);
    await approve(await call('PUT', `/api/deposits/${id}/approve`, admin.headers, {}, 202));
    await approve(
      await call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'Chargeback' }, 202),
    );
    const [notice] = await noticesOf(c, 'Transaction voided');
    expect(notice).toContain('Your deposit of $5,000.00');
    expect(notice).toContain('and the bonus of $500.00 granted with it too');
    expect(notice).toContain('Reason: Chargeback.');
  });
});
