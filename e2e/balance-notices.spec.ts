/**
 * Every balance change staff post reaches the client with its amount and reason
 * (docs/product.md "Notices"): the owner credits $5,000 on the account page (held by four-eyes,
 * then approved by the demo finance member) and debits $40 (at once). The client reads both
 * notices with their amount and reason at /account/notification, axe clean, and
 * receives the e-mail of each.
 */
import type { Page } from '@playwright/test';
import { APPROVAL_MSG, USER_ADMIN_MSG } from '../common/messages';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  newBrowserPage,
  newClientSignUp,
  signIn,
  signUpVerified,
  STAFF,
} from './journey';

const CREDIT = {
  direction: 'credit',
  usd: '5000',
  shown: '$5,000.00',
  reason: 'Compensation for the outage of 3 March',
} as const;
const DEBIT = {
  direction: 'debit',
  usd: '40',
  shown: '$40.00',
  reason: 'Card fee charged twice by our bank',
} as const;

/** Posts an adjustment on the account page open on `page` and confirms it. */
async function postAdjustment(page: Page, a: typeof CREDIT | typeof DEBIT) {
  await page
    .getByRole('radiogroup', { name: 'Direction' })
    .getByText(a.direction === 'credit' ? 'Credit' : 'Debit')
    .click();
  await page.getByLabel('Amount (USD)').fill(a.usd);
  await page.getByLabel('Reason').fill(a.reason);
  await page.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(page.getByRole('dialog')).toContainText(a.shown);
  await page.getByRole('dialog').getByRole('button', { name: 'Post adjustment', exact: true }).click();
}

test('a credit (after four-eyes) and a debit reach the client as notices and e-mails with amount and reason', async ({
  browser,
  readMail,
}) => {
  const signUp = newClientSignUp('Nora', 'Notice', 'balnotice');
  const client = await signUpVerified(readMail, signUp);

  // The owner credits $5,000: over the threshold, it waits for the finance member's approval.
  const staff = await newBrowserPage(browser);
  await signIn(staff, ADMIN, true);
  const name = `${signUp.firstName} ${signUp.lastName}`;
  await staff.goto(`/admin/users/account/${client.id}?${new URLSearchParams({ name })}`);
  await postAdjustment(staff, CREDIT);
  await expect(staff.getByText(APPROVAL_MSG.sentForApproval)).toBeVisible();
  const { token: financeToken } = (await call('POST', '/auth/signin', STAFF.finance)) as { token: string };
  const { data: pending } = (await call('GET', '/approvals?pageSize=40', undefined, financeToken)) as {
    data: { _id: string; client: { _id: string } }[];
  };
  const request = pending.find((r) => r.client._id === client.id);
  expect(request).toBeTruthy();
  await call('POST', `/approvals/${request!._id}/approve`, undefined, financeToken);

  // The owner debits $40: below the threshold, it runs at once.
  await staff.reload();
  await postAdjustment(staff, DEBIT);
  await expect(staff.getByText(USER_ADMIN_MSG.adjustmentPosted)).toBeVisible();

  // The client reads both notices, with amount and reason, on their notifications page.
  const page = await newBrowserPage(browser);
  await signIn(page, signUp);
  await page.goto('/account/notification');
  for (const a of [CREDIT, DEBIT]) {
    const title = USER_ADMIN_MSG.balanceChangedTitle(a.direction);
    const text = USER_ADMIN_MSG.balanceChanged(a.direction, a.shown.slice(1), a.reason);
    await expect(page.getByRole('listitem', { name: title })).toContainText(text);
    const mail = await readMail(signUp.email, title);
    expect(mail.text).toContain(text);
  }
  await checkPageState(page, 'notifications after balance changes', () =>
    expect(page.getByRole('listitem', { name: USER_ADMIN_MSG.balanceChangedTitle('debit') })).toBeVisible(),
  );
});
