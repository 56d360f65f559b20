/**
 * Every signed-in page on a 375 px phone: the sidebar is a drawer, each of its
 * links (and the header's notification and profile links) opens its page, the page shows its
 * content, and nothing makes the page itself scroll sideways (tables show their rows as cards:
 * e2e/phone-tables.spec.ts). Run as the demo client and the demo admin.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectNoSidewaysScroll, signIn } from './journey';

const CLIENT = { email: 'client@demo.test', password: 'Client#2026demo' };

test.use({ viewport: { width: 375, height: 800 } });

/** Opens the drawer, follows the link named `label`, and checks the page that opens. */
async function viaDrawer(page: Page, nav: string, label: string, url: RegExp) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const drawerLink = page
    .getByRole('navigation', { name: nav })
    .getByRole('link', { name: label, exact: true });
  await expect(drawerLink).toBeInViewport();
  await drawerLink.click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading').first()).toBeVisible();
  // the drawer closes once a page is chosen
  await expect(drawerLink).not.toBeInViewport();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expectNoSidewaysScroll(page, label);
}

/**
 * viaDrawer for each link of the `nav` drawer in turn: `pages` maps a link's label to the page it
 * opens, as a path under /`base`/.
 */
async function viaEachOfDrawer(page: Page, nav: string, base: string, pages: Record<string, string>) {
  for (const [label, path] of Object.entries(pages))
    await viaDrawer(page, nav, label, new RegExp(`/${base}/${path}$`));
}

test('a client reaches every account page from the drawer at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CLIENT);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, 'account home');

  await viaEachOfDrawer(page, 'Account', 'account', {
    'Trade Activities': 'trade-activities',
    Deposit: 'deposit',
    Withdrawal: 'withdrawal',
    'Transaction History': 'transaction-history',
    'Upgrade Account': 'upgrade-account',
    Support: 'support',
    Referrals: 'referrals',
    'My Account': 'home',
  });

  await page
    .getByRole('link', { name: /Trade Now/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/trading$/);
  await expectNoSidewaysScroll(page, 'trading');

  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/account\/notification$/);
  await expectNoSidewaysScroll(page, 'notifications');

  await page.goto('/account/profile');
  await expect(page.getByRole('tab', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('table', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile security tab');
});

test('an admin reaches every back-office page from the drawer at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, true);
  await page.setViewportSize({ width: 375, height: 800 });

  await viaEachOfDrawer(page, 'Back office', 'admin', {
    'Pending reviews': 'pending-reviews',
    Approvals: 'approvals',
    Contact: 'contacts',
    Emailing: 'emailing',
    'Mail outbox': 'mail',
    'Support Tickets': 'support-tickets',
    'Audit log': 'audit-log',
    Security: 'security',
    Users: 'users',
  });

  // the demo client's pages, from the user list
  await page.getByRole('textbox', { name: /search/i }).fill('client@demo.test');
  // the row of that client (the list filters after a short pause; other rows may still show)
  await page
    .getByRole('row', { name: /client@demo\.test/ })
    .getByRole('link', { name: /^view /i })
    .click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByText('client@demo.test').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'user page');
  const userUrl = page.url();
  for (const name of [
    'Edit user',
    'Account',
    'Add profit',
    'Trading activity',
    'Notifications',
    'Transactions',
    'Deposits',
    'Crypto withdrawals',
    'Bank withdrawals',
  ]) {
    await page.goto(userUrl);
    const link = page.getByRole('link', { name, exact: true }).first();
    await expect(link, `the user page links to ${name}`).toBeVisible();
    await link.click();
    await expect(page).not.toHaveURL(userUrl);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoSidewaysScroll(page, `admin ${name} page`);
  }
});
