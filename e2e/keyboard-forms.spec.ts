/**
 * Forms, tables and toasts for keyboard and screen reader users, at 1280 and 375 px: a refused
 * submission focuses the first invalid field and a live region says a summary (the Gender radios
 * marked invalid and described by their error); a server's refusal is an alert that takes focus
 * and gives it back to the submit button when it hides; paging a table by keyboard says where it
 * stands and never drops focus on the body; a toast is a status or alert region; every table has
 * a name. Screenshots go to /tmp/shots-forms/ (docs/product.md "Moving between pages").
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, call, newClientSignUp, signIn, signUpVerified } from './journey';

const SHOTS = '/tmp/shots-forms';
mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];

/** The live region holding the summary of the form's refused submission. */
const summaryOf = (form: Locator) => form.locator('[data-form-error-summary]');

/** What has focus: its tag, name attribute or label, and whether it is the body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      body: !el || el === document.body,
      text: el ? `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 40) ?? ''}` : '',
    };
  });

/** Every table on the page has a non-empty accessible name (its aria-label, labelledby or caption). */
async function expectNamedTables(page: Page, what: string) {
  const tables = page.getByRole('table');
  const count = await tables.count();
  for (let i = 0; i < count; i++) {
    await expect(tables.nth(i), `${what}: table ${i + 1} of ${count}`).toHaveAccessibleName(/\S/);
  }
  return count;
}

for (const size of WIDTHS) {
  test(`sign-up at ${size.width} px: an empty submission by keyboard focuses the first field and says the errors; the server's refusal takes focus`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/signup');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Register' }) });
    await page.getByLabel('First name').focus();
    await page.keyboard.press('Enter');

    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
    const summary = summaryOf(form);
    await expect(summary).toHaveAttribute('role', 'status');
    await expect(summary).toHaveText(
      /^\d+ fields need attention: First name is required, Last name is required, .*Gender is required, .*Country is required/,
    );
    for (const name of ['Male', 'Female', 'Other']) {
      const radio = page.getByRole('radio', { name, exact: true });
      await expect(radio, name).toHaveAttribute('aria-invalid', 'true');
      await expect(radio, name).toHaveAccessibleDescription('Gender is required');
    }
    await page.screenshot({ path: `${SHOTS}/signup-errors-${size.width}.png`, fullPage: true });

    // everything but the gender (a fresh page, as radios cannot be unchecked): the first Gender
    // radio is the field to fix, and the summary says only it
    const signUp = newClientSignUp('Kim', 'Keys', `keys${size.width}`);
    await page.goto('/signup');
    await page.getByLabel('First name').fill(signUp.firstName);
    await page.getByLabel('Last name').fill(signUp.lastName);
    await page.getByLabel('Email').fill(signUp.email);
    await page.getByLabel('Phone number').fill(signUp.phone);
    await page.getByRole('combobox', { name: 'Country' }).fill(signUp.country);
    await page.getByRole('option', { name: signUp.country, exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(signUp.password);
    await page.getByLabel('Confirm password').fill(signUp.password);
    await page.getByLabel('Referral ID (optional)').fill('NOSUCHREF');
    await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
    await page.getByLabel('Referral ID (optional)').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeFocused();
    await expect(summary).toHaveText('1 field needs attention: Gender is required.');
    await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');

    // the server refuses an unknown referral ID: the alert says it and holds focus, then hands it back
    await page.keyboard.press('ArrowDown'); // checks the next radio (Female), as a keyboard user would
    await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeChecked();
    // sent from the Register button, which is disabled while the request runs
    await page.getByRole('button', { name: 'Register' }).focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Referral ID not found' });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expect(summary).toHaveText('');
    // the sign-up's banner hides after 3 s: focus goes to the Register button, not the body
    await expect(alert).toHaveCount(0, { timeout: 6_000 });
    await expect(page.getByRole('button', { name: 'Register' })).toBeFocused();
  });
}

test('paging a table by keyboard says the page and keeps focus; a toast is a status region; tables are named', async ({
  page,
  readMail,
}) => {
  // a fresh client with more than one page of sign-ins (10 a page)
  const signUp = newClientSignUp('Page', 'Turner', 'pager');
  await signUpVerified(readMail, signUp);
  for (let i = 0; i < 10; i++)
    await call('POST', '/auth/signin', { email: signUp.email, password: signUp.password });
  await signIn(page, signUp);

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/account/profile?tab=security');
    const table = page.getByRole('table', { name: 'Sign-in history' });
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const section = page
      .locator('div')
      .filter({ has: table })
      .filter({ has: page.getByRole('button', { name: 'Next' }) })
      .last();
    const status = section.locator('[data-page-status]');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveText(''); // quiet until the user moves

    const next = section.getByRole('button', { name: 'Next' });
    const previous = section.getByRole('button', { name: 'Previous' });
    // the history's answer is in (a loading table's rows are skeletons, and its Next is disabled)
    await expect(next).toBeEnabled();
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Page 2 of 2, rows 11–1\d of 1\d$/);
    await expect(next).toBeDisabled();
    expect((await focused(page)).body, 'focus fell to the body after Next on the last page').toBe(false);
    await expect(previous).toBeFocused();
    await section.screenshot({ path: `${SHOTS}/paged-table-${size.width}.png` });

    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/^Page 1 of 2, rows 1–10 of 1\d$/);
    await expect(next).toBeFocused();
    expect(await expectNamedTables(page, `security tab at ${size.width} px`)).toBeGreaterThanOrEqual(2);

    // a success toast is a polite status region holding its text, with a named close button
    await page.goto('/account/profile?tab=edit-profile');
    await page.getByLabel('First name').fill(`Page${size.width}`);
    await page.getByRole('button', { name: 'Save changes' }).press('Enter');
    const toast = page.getByRole('status').filter({ hasText: 'Profile updated successfully' });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Close notification' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile updated successfully' })).toHaveCount(0);
    await toast.getByRole('button', { name: 'Close notification' }).click();

    await page.goto('/account/profile');
    await expect(page.getByRole('table', { name: 'Your profile' })).toBeVisible();
    await expectNamedTables(page, `profile at ${size.width} px`);
    await page.goto('/account/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the home keeps prices streaming: wait for its tables, not for a quiet network
    await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    await expectNamedTables(page, `account home at ${size.width} px`);
  }
});

test('every table of the back office has a name', async ({ page }) => {
  await signIn(page, ADMIN, true);
  const pages = [
    '/admin/users',
    '/admin/audit-log',
    '/admin/pending-reviews',
    '/admin/transactions',
    '/admin/staff',
    '/admin/verification-limits',
    '/admin/api-keys',
    '/admin/webhooks',
  ];
  let seen = 0;
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    seen += await expectNamedTables(page, path);
  }
  // a client's page: the details tables and the security tab's tables
  await page.goto('/admin/users');
  // the newest client, whoever the other journeys created before this one
  await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  seen += await expectNamedTables(page, 'client page');
  expect(seen).toBeGreaterThanOrEqual(pages.length);
});
