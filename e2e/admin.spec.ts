/**
 * Back-office journey: a new client (with a `<script>` in their name) signs up and sends
 * identity documents; the admin finds them by e-mail, opens their page, views and verifies the KYC,
 * posts an adjustment the client sees with its reason and exports the client's transactions
 * (searched) as CSV, edits the user, blocks them (their open
 * session in another browser stops working), unblocks them, and reads every action back in the
 * audit log. Blocking asks a reason, which the client is e-mailed. A compliance member rejects
 * another client's documents with a reason the client reads on their verification page. Stored
 * markup renders as text and no script runs; axe once on each of the states
 * a11y-routes.spec.ts's sweep does not reach (an empty filtered list, documents to check, the
 * dialogs, a rejection reason); the dashboard, account, edit and audit-log pages are in the sweep.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, MAIL_WAIT, test } from './fixtures';
import {
  ADMIN,
  checkPageState,
  fillAtOnce,
  newBrowserPage,
  sendIdentityDocuments,
  showFilters,
  signIn,
  signUpVerified,
  submitSignIn,
  STAFF,
} from './journey';

const PASSWORD = 'Journey#2026pass';
const SCRIPT_NAME = '<script>window.__xss=1</script>';

async function confirmDialog(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('the admin reviews, adjusts, edits, blocks and unblocks a client, and reads it all in the audit log', async ({
  browser,
  readMail,
}) => {
  // A new client with markup in their name signs up, confirms the e-mail and sends documents.
  const email = `kyc.${Date.now().toString(36)}@example.com`;
  const { token } = await signUpVerified(readMail, {
    firstName: 'Eve',
    lastName: SCRIPT_NAME,
    email,
    phone: '+1 555 0142',
    password: PASSWORD,
    gender: 'female',
    country: 'United States',
  });
  await sendIdentityDocuments(token);

  const clientPage = await newBrowserPage(browser);
  await signIn(clientPage, { email, password: PASSWORD });
  const adminPage = await newBrowserPage(browser);
  await signIn(adminPage, ADMIN, true);

  // The dashboard's overview sits above the users list.
  await adminPage.getByRole('link', { name: 'Dashboard' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    adminPage.getByRole('region', { name: 'Overview' }).getByText('Identity checks waiting'),
  ).toBeVisible();
  await expect(adminPage.getByRole('table', { name: 'Approved (count · amount)' })).toBeVisible();

  // Find the client by e-mail; their name shows as text.
  await adminPage.getByRole('link', { name: 'Users', exact: true }).click();
  await adminPage.getByRole('textbox', { name: 'Search' }).fill(email);
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SCRIPT_NAME);
  // The joined date range narrows the list, is kept in the URL and refuses a start after the end.
  const today = new Date().toISOString().slice(0, 10);
  await adminPage.getByLabel('Joined from').fill(today);
  await expect(adminPage).toHaveURL(new RegExp(`from=${today}`));
  await expect(row).toHaveCount(1);
  await adminPage.getByLabel('Joined to').fill('2020-01-31');
  await expect(
    adminPage.getByText('The start date must be on or before the end date', { exact: true }),
  ).toBeVisible();
  await adminPage.getByLabel('Joined from').fill('2020-01-01');
  await expect(adminPage.getByText('No user matches the search and filter')).toBeVisible();
  await checkPageState(adminPage, 'users list with filters', async () => {
    await showFilters(adminPage, adminPage.getByLabel('Joined to'));
    await expect(adminPage.getByLabel('Joined to')).toHaveValue('2020-01-31');
  });
  // Both days changed in one go (no render between them) land in the URL together, and both
  // cleared in one go leave neither behind.
  await fillAtOnce(adminPage, { 'Joined from': '2020-02-01', 'Joined to': '2020-02-29' });
  await expect(adminPage).toHaveURL(/\?from=2020-02-01&to=2020-02-29$/);
  await fillAtOnce(adminPage, { 'Joined from': '', 'Joined to': '' });
  await expect(adminPage).not.toHaveURL(/from=|to=/);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^View/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const userUrl = adminPage.url();
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(`Eve ${SCRIPT_NAME}`);
  await expect(adminPage.getByText('Pending review').first()).toBeVisible();
  expect(await adminPage.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await checkPageState(adminPage, 'user page', async () => {
    await expect(adminPage.getByRole('heading', { name: 'Identity verification' })).toBeVisible();
  });

  // The identity document, full size; then Verify.
  await adminPage.getByRole('button', { name: 'View front' }).click();
  await expect(adminPage.getByRole('img', { name: 'Identity document, front, full size' })).toBeVisible();
  await adminPage.keyboard.press('Escape');
  await adminPage.getByRole('button', { name: 'Verify', exact: true }).click();
  await confirmDialog(adminPage, 'Verify');
  await expect(adminPage.getByText('Verification approved')).toBeVisible();
  const kyc = adminPage.getByRole('region', { name: 'Identity verification' });
  await expect(kyc.getByText('Verified', { exact: true })).toBeVisible();
  await expect(kyc.getByText(/^Verified by Ada Admin \(admin@demo\.test\) on /)).toBeVisible();
  await expect(kyc.getByRole('button', { name: 'Verify', exact: true })).toBeDisabled();

  // An adjustment: the reason is required; the client sees the credit with it.
  await adminPage.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/users\/account\/[0-9a-f-]{36}\?name=/);
  await adminPage.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(
    adminPage.getByText('Please give the reason for this adjustment', { exact: true }),
  ).toBeVisible();
  await adminPage.getByLabel('Amount (USD)').fill('42.50');
  await adminPage.getByLabel('Reason').fill('Compensation for a delayed withdrawal');
  await adminPage.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(adminPage.getByRole('dialog')).toContainText('Post a credit of $42.50');
  await confirmDialog(adminPage, 'Post adjustment');
  await expect(adminPage.getByText('Adjustment posted successfully')).toBeVisible();
  const balances = adminPage.getByRole('table', { name: 'Balances and totals' });
  await expect(balances.getByRole('row', { name: /Balance \(available\)/ })).toContainText('$42.50');
  await expect(adminPage.getByRole('heading', { name: 'Adjustment' })).toBeVisible();

  await clientPage.goto('/account/transaction-history');
  const line = clientPage.getByRole('row').filter({ hasText: 'Adjustment' });
  await expect(line).toContainText('+$42.50');
  await expect(line).toContainText('Compensation for a delayed withdrawal');

  // The client's transactions page exports what it lists, with its filter, as CSV.
  await adminPage.goto(`/admin/transactions/${userUrl.split('/').pop()}`);
  const lines = adminPage.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
  await expect(lines.filter({ hasText: 'Compensation for a delayed withdrawal' })).toHaveCount(1);
  await adminPage.getByPlaceholder('Type, method, details or status').fill('Compensation');
  await expect(lines).toHaveCount(1);
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  const [head, ...exported] = parse(readFileSync(await download.path(), 'utf8')) as string[][];
  expect(exported).toHaveLength(await lines.count());
  const cell = (name: string) => exported[0]![head!.indexOf(name)];
  expect([cell('Type'), cell('Amount (USD)'), cell('Details')]).toEqual([
    'Adjustment',
    '42.50',
    'Compensation for a delayed withdrawal',
  ]);

  // Edit the user: every field is required.
  await adminPage.goto(userUrl);
  await adminPage.getByRole('link', { name: 'Edit user' }).click();
  const firstName = adminPage.getByLabel('First name');
  await expect(firstName).toHaveValue('Eve');
  await firstName.fill('');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(adminPage.getByText('All fields are required', { exact: true })).toBeVisible();
  await firstName.fill('Evelyn');
  await adminPage.getByLabel('State').fill('Texas');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(adminPage.getByText('User updated successfully')).toBeVisible();
  await expect(adminPage).toHaveURL(userUrl);
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(`Evelyn ${SCRIPT_NAME}`);
  await expect(adminPage.getByRole('table', { name: 'Profile' })).toContainText('Texas');

  // Block: the client's open session stops working at once.
  await adminPage.getByRole('button', { name: 'Block', exact: true }).click();
  await confirmDialog(adminPage, 'Block');
  await expect(
    adminPage.getByRole('dialog').getByText('The reason must be 3 to 500 characters', { exact: true }),
  ).toBeVisible();
  await checkPageState(adminPage, 'block dialog', () => expect(adminPage.getByRole('dialog')).toBeVisible());
  await adminPage.getByRole('dialog').getByLabel('Reason').fill('Card payments disputed by the bank');
  await confirmDialog(adminPage, 'Block');
  await expect(adminPage.getByText('User blocked; their sessions have ended')).toBeVisible();
  await expect(adminPage.getByText('Blocked', { exact: true })).toBeVisible();
  await clientPage.goto('/account/transaction-history');
  await expect(clientPage).toHaveURL(/\/signin$/);
  await clientPage.getByLabel('Email').fill(email);
  await clientPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await clientPage.getByRole('button', { name: /^sign in$/i }).click();
  await expect(clientPage.getByText('Your account has been blocked. Please contact support.')).toBeVisible();
  await expect
    .poll(async () => (await readMail(email)).subject, MAIL_WAIT)
    .toBe('Your account has been blocked');
  expect((await readMail(email)).text).toContain('Reason: Card payments disputed by the bank');

  // Unblock: the client signs in again, back on the page their ended session had open.
  await adminPage.getByRole('button', { name: 'Unblock', exact: true }).click();
  await confirmDialog(adminPage, 'Unblock');
  await expect(adminPage.getByText('User unblocked')).toBeVisible();
  await submitSignIn(clientPage, { email, password: PASSWORD });
  await expect(clientPage).toHaveURL(/\/account\/transaction-history$/);

  // Every action, read back in the audit log opened on this client.
  await adminPage
    .getByRole('navigation', { name: 'Pages of this user' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(adminPage).toHaveURL(/\/admin\/audit-log\?targetUserId=/);
  const log = adminPage.getByRole('table', { name: 'Audit log' });
  for (const action of [
    'user.verification',
    'account.adjustment',
    'user.update',
    'user.block',
    'user.unblock',
  ]) {
    await expect(log.getByRole('row').filter({ hasText: action }), action).toHaveCount(1);
  }
  await expect(log.getByRole('row').filter({ hasText: 'user.update' })).toContainText('Eve → Evelyn');
  await expect(log.getByRole('row').filter({ hasText: 'account.adjustment' })).toContainText(
    'Compensation for a delayed withdrawal',
  );
  await expect(log.getByRole('row').filter({ hasText: 'user.block' })).toContainText(ADMIN.email);
  // keys read as labels, values as words and amounts
  await expect(log.getByRole('row').filter({ hasText: 'user.block' })).toContainText('Blocked: No → Yes');
  await expect(log.getByRole('row').filter({ hasText: 'account.adjustment' })).toContainText('$42.50');
  await expect(log).not.toContainText('isBlocked');
  // today's rows stay under a date range from today; a range in the past empties the log
  await adminPage.getByLabel('Recorded from').fill(new Date().toISOString().slice(0, 10));
  await expect(log.getByRole('row').filter({ hasText: 'user.block' })).toHaveCount(1);
  await adminPage.getByLabel('Recorded from').fill('');

  // The action filter narrows the whole log.
  await adminPage.getByRole('button', { name: 'Show every client' }).click();
  await adminPage.getByRole('combobox', { name: 'Action' }).click();
  await adminPage.getByRole('option', { name: 'user.unblock' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'user.block' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'user.unblock' })).toHaveCount(1);

  // No stored script ran on any admin page.
  expect(await adminPage.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await adminPage.context().close();
  await clientPage.context().close();
});

test('compliance rejects identity documents with a reason, and the client reads it on their verification page', async ({
  browser,
  readMail,
}) => {
  const email = `kyc.reject.${Date.now().toString(36)}@example.com`;
  const { token, id } = await signUpVerified(readMail, {
    firstName: 'Rita',
    lastName: 'Rejected',
    email,
    phone: '+1 555 0143',
    password: PASSWORD,
    gender: 'female',
    country: 'United States',
  });
  await sendIdentityDocuments(token);
  const reason = 'The passport photo is blurred; please send a sharper scan';

  const compliancePage = await newBrowserPage(browser);
  await signIn(compliancePage, STAFF.compliance, true);
  await compliancePage.goto(`/admin/users/${id}`);
  await compliancePage.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = compliancePage.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await confirmDialog(compliancePage, 'Reject');
  await expect(compliancePage.getByText('Verification rejected', { exact: true })).toBeVisible();

  await expect
    .poll(async () => (await readMail(email)).subject, MAIL_WAIT)
    .toBe('Identity verification rejected');
  expect((await readMail(email)).text).toContain(`Reason: ${reason}`);

  const clientPage = await newBrowserPage(browser);
  await signIn(clientPage, { email, password: PASSWORD });
  await clientPage.goto('/account/profile?tab=verification');
  const panel = clientPage.getByRole('alert').filter({ hasText: 'Your previous documents were rejected' });
  await expect(panel).toContainText(`Reason: ${reason}`);
  await checkPageState(clientPage, 'verification panel with a rejection reason', () =>
    expect(panel).toBeVisible(),
  );
});
