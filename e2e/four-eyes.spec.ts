/**
 * Four-eyes approval journey (docs/security.md "Four-eyes approval"): the owner invites a second
 * finance member, who sets a password with the e-mailed link. The demo finance member posts a
 * $5,000 credit adjustment on the account page: the screen says it was sent for approval and the
 * balance stays. At /admin/approvals the maker is offered no Approve (and the API answers 409 "You
 * cannot approve your own request"); the second finance member approves it, and the client reads
 * the credit with its reason in their history. A second request is rejected with a reason, which
 * the Decided view shows, axe clean (the pending queue's axe at both widths is in
 * a11y-routes.spec.ts). A $1,000 deposit the owner
 * approves in the review queue waits too, until the demo finance member approves it in /admin/approvals.
 */
import type { Page } from '@playwright/test';
import { APPROVAL_MSG, MONEY_MSG, SECURITY_MSG } from '../common/messages';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  newBrowserPage,
  newClientSignUp,
  PNG_DATA_URL,
  signIn,
  signUpVerified,
  STAFF,
} from './journey';

const CHECKER = { firstName: 'Cass', lastName: 'Checker', password: 'Checker#2026pass' };
const CREDIT_REASON = 'Goodwill credit after the March platform outage';
const DEBIT_REASON = 'Fee refund posted twice by mistake';
const REJECTION = 'The refund was never posted twice: see ticket 4411';

/** The client's available balance as the API answers it (USD). */
async function balanceOf(token: string): Promise<number> {
  const { data } = (await call('GET', '/user/me', undefined, token)) as {
    data: { account: { balance: number } };
  };
  return data.account.balance;
}

/** The owner invites a finance member through the API; they set their password with the mailed token. */
async function inviteFinanceMember(readMail: (to: string) => Promise<{ text: string }>) {
  const email = `checker.${Date.now().toString(36)}@example.com`;
  const { token: ownerToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  const { firstName, lastName, password } = CHECKER;
  await call('POST', '/staff', { email, firstName, lastName, role: 'finance' }, ownerToken);
  const mail = await readMail(email);
  const token = /\/admin\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  await call('POST', '/staff/invitations/accept', { token, password, confirmPassword: password });
  return { email, password };
}

/** Opens /admin/approvals on `view` and waits for its table. */
async function openApprovals(page: Page, view: 'Pending' | 'Decided') {
  await page.goto('/admin/approvals');
  await expect(page.getByRole('heading', { level: 1, name: /^Approvals/ })).toBeVisible();
  if (view === 'Decided') await page.getByText('Decided', { exact: true }).click();
  await expect(page.getByRole('table', { name: `${view} approval requests` })).toBeVisible();
}

test('a large adjustment waits for a second finance member, who approves one request and rejects another', async ({
  browser,
  readMail,
}) => {
  const signUp = newClientSignUp('Faye', 'Foureyes', 'foureyes');
  const client = await signUpVerified(readMail, signUp);
  const clientName = `${signUp.firstName} ${signUp.lastName}`;
  const checker = await inviteFinanceMember(readMail);

  // The demo finance member (the maker) posts a $5,000 credit: it waits, nothing moves.
  const maker = await newBrowserPage(browser);
  await signIn(maker, STAFF.finance, true);
  await maker.goto(`/admin/users/account/${client.id}?${new URLSearchParams({ name: clientName })}`);
  await maker.getByLabel('Amount (USD)').fill('5000');
  await maker.getByLabel('Reason').fill(CREDIT_REASON);
  await maker.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(maker.getByRole('dialog')).toContainText('$5,000.00');
  await maker.getByRole('dialog').getByRole('button', { name: 'Post adjustment', exact: true }).click();
  await expect(maker.getByText(APPROVAL_MSG.sentForApproval)).toBeVisible();
  await expect(maker.getByText('Adjustment posted successfully')).toHaveCount(0);
  const balances = maker.getByRole('table', { name: 'Balances and totals' });
  await expect(balances.getByRole('row', { name: /Balance \(available\)/ })).toContainText('$0.00');
  expect(await balanceOf(client.token)).toBe(0);
  // the account page says what waits, so no colleague posts it again
  const waiting = maker.getByRole('alert').filter({ hasText: 'A request waits for approval' });
  await expect(waiting).toContainText('Credit adjustment of $5,000.00');
  await expect(waiting).toContainText('asked by Fran Finance');
  await expect(waiting).toContainText(CREDIT_REASON);

  // The dashboard counts it for a role that may decide.
  await maker.goto('/admin/dashboard');
  const overview = maker.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Waiting for approval')).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Decide' })).toHaveAttribute('href', '/admin/approvals');

  // The maker sees the request but is offered no Approve; the API refuses them too.
  await openApprovals(maker, 'Pending');
  const own = maker.getByRole('row').filter({ hasText: signUp.email });
  await expect(own).toContainText('$5,000.00');
  await expect(own).toContainText(CREDIT_REASON);
  await expect(own).toContainText('Your request: another staff member approves it');
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const { token: makerToken } = (await call('POST', '/auth/signin', STAFF.finance)) as { token: string };
  const { data: pending } = (await call('GET', '/approvals?pageSize=40', undefined, makerToken)) as {
    data: { _id: string; client: { _id: string } }[];
  };
  const request = pending.find((r) => r.client._id === client.id);
  expect(request).toBeTruthy();
  await expect(call('POST', `/approvals/${request!._id}/approve`, undefined, makerToken)).rejects.toThrow(
    APPROVAL_MSG.ownRequest,
  );

  // The second finance member approves it; axe on the decided queue first.
  const second = await newBrowserPage(browser);
  await signIn(second, checker, true);
  await second
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  await expect(second.getByRole('table', { name: 'Pending approval requests' })).toBeVisible();
  const row = second.getByRole('row').filter({ hasText: signUp.email });
  await expect(row).toContainText(CREDIT_REASON);
  await expect(row.getByRole('link', { name: clientName })).toHaveAttribute(
    'href',
    `/admin/users/${client.id}`,
  );
  await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = second.getByRole('dialog', { name: 'Approve request' });
  await expect(confirm).toContainText(clientName);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(second.getByText(APPROVAL_MSG.approved)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await balanceOf(client.token)).toBe(5000);

  // The client reads the credit with its reason.
  const clientPage = await newBrowserPage(browser);
  await signIn(clientPage, signUp);
  await clientPage.goto('/account/transaction-history');
  const line = clientPage.getByRole('row').filter({ hasText: CREDIT_REASON });
  await expect(line).toContainText('Adjustment');
  await expect(line).toContainText('+$5,000.00');

  // A second request (a debit, through the API) is rejected with a reason: nothing moves.
  const held = await call(
    'POST',
    `/user/admin/account/${client.id}/adjustments`,
    { direction: 'debit', amount: 1200, reason: DEBIT_REASON },
    makerToken,
  );
  expect(held.message).toBe(APPROVAL_MSG.sentForApproval);
  await second.reload();
  const debit = second.getByRole('row').filter({ hasText: DEBIT_REASON });
  await debit.getByRole('button', { name: 'Reject' }).click();
  const reject = second.getByRole('dialog', { name: 'Reject request' });
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject.getByText(SECURITY_MSG.reasonLength, { exact: true })).toBeVisible();
  await reject.getByLabel('Reason').fill(REJECTION);
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(second.getByText(APPROVAL_MSG.rejected, { exact: true })).toBeVisible();
  await expect(debit).toHaveCount(0);
  expect(await balanceOf(client.token)).toBe(5000);

  // The Decided view: the rejection with its reason and checker, the approval with its checker.
  await openApprovals(second, 'Decided');
  const rejected = second.getByRole('row').filter({ hasText: DEBIT_REASON });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText(REJECTION);
  await expect(rejected).toContainText(`${CHECKER.firstName} ${CHECKER.lastName}`);
  const approved = second.getByRole('row').filter({ hasText: CREDIT_REASON });
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText(`${CHECKER.firstName} ${CHECKER.lastName}`);
  await checkPageState(second, 'approvals, decided', async () => {
    await expect(rejected).toBeVisible();
  });
});

test("a $1,000 deposit's approval waits for a second staff member, who approves it in the queue", async ({
  browser,
  readMail,
}) => {
  const signUp = newClientSignUp('Dora', 'Deposit', 'foureyes.deposit');
  const client = await signUpVerified(readMail, signUp);
  await call('POST', '/deposits', { amount: 1000, image: PNG_DATA_URL, wallet: 'bitcoin' }, client.token);

  // The owner approves it from the review queue: the screen says it waits; nothing moves.
  const owner = await newBrowserPage(browser);
  await signIn(owner, ADMIN, true);
  await owner.goto('/admin/pending-reviews');
  const row = owner
    .getByRole('row')
    .filter({ hasText: `${signUp.firstName} ${signUp.lastName}` })
    .filter({ hasText: '$1,000.00' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(owner.getByText(APPROVAL_MSG.sentForApproval)).toBeVisible();
  await expect(owner.getByText(MONEY_MSG.depositApproved)).toHaveCount(0);
  expect(await balanceOf(client.token)).toBe(0);

  // The demo finance member approves the request: the deposit is approved and credited.
  const checker = await newBrowserPage(browser);
  await signIn(checker, STAFF.finance, true);
  await checker.goto('/admin/approvals');
  const request = checker.getByRole('row').filter({ hasText: signUp.email });
  await expect(request).toContainText('Approval of a bitcoin deposit of $1,000.00');
  await request.getByRole('button', { name: 'Approve' }).click();
  await checker
    .getByRole('dialog', { name: 'Approve request' })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(checker.getByText(APPROVAL_MSG.approved)).toBeVisible();
  expect(await balanceOf(client.token)).toBe(1000);
  const { data } = (await call('GET', '/deposits', undefined, client.token)) as {
    data: { status: string }[];
  };
  expect(data.map((d) => d.status)).toEqual(['approved']);
});
