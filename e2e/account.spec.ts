/**
 * The client's account home and the admin's users list: figures from the ledger, the account number,
 * the empty plan panel, the latest transactions, at desktop and phone widths; search and paging of
 * users. axe on both pages is in a11y-routes.spec.ts.
 */
import { accountNumber } from '../common/account-number';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './journey';

test('the client sees the account card, ledger tiles, plan panel and latest transactions', async ({
  page,
}) => {
  await signIn(page, { email: 'client@demo.test', password: 'Client#2026demo' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  const user = (await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('su_user') ?? localStorage.getItem('su_user') ?? 'null'),
  )) as {
    _id: string;
  };
  // the short account number, never the id
  await expect(page.getByTestId('account-number')).toHaveText(accountNumber(user._id));
  await expect(page.getByText(user._id.slice(7).toUpperCase())).toHaveCount(0);
  for (const tile of ['Total Profit', 'Total Deposited', 'Referral Bonus']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('No active plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deposit' }).first()).toHaveAttribute(
    'href',
    '/account/deposit',
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
});

test('the admin finds a client by e-mail in the users list', async ({ page }) => {
  await signIn(page, ADMIN, true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /search/i }).fill('client@demo');
  const row = page.getByRole('row').filter({ hasText: 'client@demo.test' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'admin@demo.test' })).toHaveCount(0);
  await row
    .getByRole('link', { name: /view/i })
    .or(row.getByRole('button', { name: /view/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
});
