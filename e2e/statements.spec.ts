/**
 * Signed statements (/account/statements): a client with postings downloads last month's statement
 * and a range's at 1280 px, each file verifies through the public verify route with the ledger's
 * closing balance, a range starting after today shows the server's message; the page fits 375 px
 * without sideways scrolling and is axe clean. The month's file is kept at
 * /tmp/statement-sample.pdf for the verify form's journey.
 */
import { copyFileSync } from 'node:fs';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import { checkPageState, newClientSignUp, signIn } from './journey';
import { downloadStatement, isoDay, verifyStatement } from './statement-files';

const SHOTS = '/tmp/shots-statements';

test('a client downloads signed statements for a month and a range; the page fits a phone', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Stella', 'Statement', 'statements');
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
  const monthValue = isoDay(lastMonth).slice(0, 7);
  await clientWithLines(readMail, signUp, [
    { amount: 300, transactionType: 'deposit', details: 'Wire received', date: lastMonth },
    { amount: 12.5, transactionType: 'profit', details: 'Trading profit' },
  ]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, signUp);
  await page.getByRole('link', { name: 'Statements' }).first().click();
  await expect(page).toHaveURL(/\/account\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/statements-1280.png`, fullPage: true });

  // last month: the deposit, closing at $300.00
  await page.getByLabel('Month', { exact: true }).selectOption(monthValue);
  const month = await downloadStatement(page);
  copyFileSync(month.path, '/tmp/statement-sample.pdf');
  expect(month.name).toMatch(new RegExp(`^statement-${monthValue}-01-to-${monthValue}-\\d\\d\\.pdf$`));
  expect(month.file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(month.file.toString('latin1')).toMatch(
    /%%EOF\n%NW-Signature-v2: [A-Za-z0-9+/]{86}== key=[0-9a-f]{64}\n$/,
  );
  expect(await verifyStatement(month.file)).toMatchObject({
    authentic: true,
    closingBalance: 300,
    client: 'S*** S***',
  });
  const altered = Buffer.from(month.file);
  altered[Math.floor(altered.length / 2)] ^= 1;
  expect(await verifyStatement(altered)).toMatchObject({ authentic: false });

  // a range: from last month's first day to today, with the profit: $312.50
  await page.getByText('Date range', { exact: true }).click();
  await page.getByLabel('Statement from').fill(`${monthValue}-01`);
  await page.getByLabel('Statement to').fill(isoDay(now));
  const range = await downloadStatement(page);
  expect(range.name).toBe(`statement-${monthValue}-01-to-${isoDay(now)}.pdf`);
  expect(await verifyStatement(range.file)).toMatchObject({ authentic: true, closingBalance: 312.5 });

  // a range after today: the server's message, shown on the form
  await page.getByLabel('Statement to').fill('2999-01-31');
  await page.getByLabel('Statement from').fill('2999-01-01');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The statement cannot start after today' }),
  ).toBeVisible();
  // a start after the end: said under the field, nothing to download
  await page.getByLabel('Statement from').fill('2999-02-01');
  await expect(
    page.getByText('The start date must be on or before the end date', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

  await page.getByText('Monthly', { exact: true }).click();
  const ready = () => expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await checkPageState(page, '/account/statements', ready);
  await page.setViewportSize({ width: 375, height: 800 });
  await ready();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/statements-375.png`, fullPage: true });
  await page.getByText('Date range', { exact: true }).click();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/statements-range-375.png`, fullPage: true });
});
