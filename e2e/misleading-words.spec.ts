/**
 * Honest words where money has not moved, or moved out (docs/product.md "Honest words"):
 * - a deposit waiting for review is announced as received and waiting, with the balance unchanged;
 * - staff post a plan result through "Post result", confirming the sign and the amount ("Post a loss
 *   of $150.00 to Jane Doe?"); the toast says "Loss posted"; the client's history line reads
 *   "Loss" with a down-trend icon and a red amount;
 * - the current month's statement is an open period: "as of" its issue time, never a closing
 *   balance, with dates written for people, on the screen and in the signed file;
 * - the history's CSV export has worded headers and cells, and a rejected line moves no money.
 * axe on each screen this changes.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MONEY_MSG, PLAN_MSG } from '../common/messages';
import { pdfText } from '../server/test/pdf-text';
import { clientWithLines } from './client-lines';
import { approveIdentity } from './destinations';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  newBrowserPage,
  newClientSignUp,
  PNG_DATA_URL,
  signIn,
  STAFF,
} from './journey';

const LOSS_REASON = 'EUR/USD position closed at a loss';

/** The text of the file `click` makes the page download. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile((await download.path())!);
}

test('pending deposits, posted losses, open statements and the CSV export say what happened', async ({
  browser,
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Jane', 'Doe', 'misleading-words');
  const client = await clientWithLines(readMail, signUp);
  // the finance member posts the funding, so the owner's loss below stays under four-eyes
  const { token: finance } = (await call('POST', '/auth/signin', STAFF.finance)) as { token: string };
  const funding = { amount: 900, transactionType: 'deposit', details: 'Wire received' };
  await call('POST', `/transaction/${client.id}`, funding, finance);
  await approveIdentity(client);
  await call('POST', '/user/active-plan', { amount: 500, duration: 7, plan: 'copy_trading' }, client.token);
  await call('POST', '/deposits', { amount: 250, image: PNG_DATA_URL }, client.token);
  const refused = (await call('POST', '/deposits', { amount: 40, image: PNG_DATA_URL }, client.token)) as {
    data: { _id: string };
  };
  await call(
    'PUT',
    `/deposits/${refused.data._id}/reject`,
    { reason: 'No payment arrived' },
    client.ownerToken,
  );

  // (b) staff post a loss, confirming its sign and amount
  const staff = await newBrowserPage(browser);
  await signIn(staff, ADMIN, true);
  await staff.goto(`/admin/users/add-profit/${client.id}?name=Jane%20Doe`);
  const form = staff.getByRole('form', { name: 'Post result' });
  await form.getByRole('radio', { name: 'Loss' }).check();
  await form.getByRole('textbox', { name: 'Loss' }).fill('150');
  await form.getByLabel('Reason').fill(LOSS_REASON);
  await form.getByRole('button', { name: 'Post result' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Post result' });
  await expect(dialog).toContainText('Post a loss of $150.00 to Jane Doe?');
  await checkPageState(staff, 'post result confirmation', () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Post loss' }).click();
  await expect(staff.getByText(PLAN_MSG.lossPosted, { exact: true })).toBeVisible();
  await checkPageState(staff, 'post result page', () => expect(form).toBeVisible());

  // (a) the deposit waiting for review is announced as received, not as funds
  await signIn(page, signUp);
  await page.goto('/account/deposit?success=true');
  await expect(page.getByRole('status').filter({ hasText: MONEY_MSG.depositReceived })).toBeVisible();
  await expect(page.getByText(/Account Fund Successful/)).toHaveCount(0);
  await checkPageState(page, 'deposit received notice', () =>
    expect(page.getByText(MONEY_MSG.depositReceived)).toBeVisible(),
  );

  // (b) the client's line reads Loss, trending down, in red
  await page.goto('/account/transaction-history');
  const loss = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('row')
    .filter({ hasText: 'Loss on your Copy Trading plan' });
  await expect(loss).toContainText('Loss', { timeout: 30_000 }); // the first read of a busy runner
  await expect(loss).not.toContainText('Profit');
  await expect(loss.locator('.tabler-icon-trending-down')).toBeVisible();
  await expect(loss.locator('.tabler-icon-trending-up')).toHaveCount(0);
  await expect(loss.getByText('−$150.00')).toHaveCSS('color', 'rgb(201, 42, 42)');
  await checkPageState(page, 'history with a loss', () =>
    expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible(),
  );

  // (d) the CSV: worded headers and cells; the rejected deposit moved no money
  const csv = (
    await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click())
  ).toString('utf8');
  const [head, ...lines] = csv.trimEnd().split('\r\n');
  expect(head).toBe('Date (UTC),Type,Method,Amount (USD),Money moved (USD),Status,Details,Voided,Reference');
  const rejected = lines.find((l) => l.includes('No payment arrived'))!;
  expect(rejected).toMatch(/^[\d-]+ [\d:]+,Deposit,Bitcoin,40\.00,,Rejected,No payment arrived,No,/);
  expect(lines.find((l) => l.includes(LOSS_REASON))).toMatch(/,Loss,Account,150\.00,-150\.00,Successful,/);
  expect(csv).not.toMatch(/,(approved|rejected|credit|debit|profit),/);

  // (c) the current month's statement: an open period, as of its issue time, dates for people
  await page.goto('/account/statements');
  const pdf = await downloaded(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
  const text = pdfText(pdf);
  expect(text).not.toMatch(/Closing balance/);
  expect(text).toMatch(/Balance as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC: \$750\.00/);
  expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  const issued = page.getByRole('listitem', { name: /^Statement / }).first();
  await expect(issued).toContainText(/as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC/);
  await expect(issued).not.toContainText(/\d{4}-\d\d-\d\d/);
  await checkPageState(page, 'statements with an open period', () => expect(issued).toBeVisible());
});
