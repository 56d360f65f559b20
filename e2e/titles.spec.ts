/**
 * Every page has its own document title, its h1 and the brand ("Deposit with Bitcoin · Northwind
 * Markets": hooks/use-document-title.ts), public, client and staff pages alike, and a route change
 * updates it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './journey';

const BRAND = 'Northwind Markets';

/** Visits each path and answers its title, after checking it is the page's h1 and the brand. */
async function titlesOf(page: Page, paths: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const path of paths) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCount(1);
    // the heading may still change as the page's data arrives ("Pending reviews (4)"): the title
    // must follow it, so both are read together until they agree
    const headingText = async () => ((await heading.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    await expect
      .poll(async () => (await page.title()) === `${await headingText()} · ${BRAND}`, { message: path })
      .toBe(true);
    expect(await headingText(), path).not.toBe('');
    titles.set(path, await page.title());
  }
  return titles;
}

/** Expects no two paths to share a title. */
function expectDistinct(titles: Map<string, string>) {
  const seen = new Map<string, string>();
  for (const [path, title] of titles) {
    expect(seen.get(title), `${path} has the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
  }
}

test('public pages each have their own title', async ({ page }) => {
  expectDistinct(
    await titlesOf(page, [
      '/',
      '/about',
      '/assets',
      '/contact',
      '/faq',
      '/terms-and-conditions',
      '/privacy-policy',
      '/payment-policy',
      '/signin',
      '/signup',
      '/forgot-password',
      '/admin/login',
    ]),
  );
});

test('client and staff pages each have their own title, following the route', async ({ page, browser }) => {
  await signIn(page, { email: 'client@demo.test', password: 'Client#2026demo' });
  const client = await titlesOf(page, [
    '/account/home',
    '/account/trading',
    '/account/trade-activities',
    '/account/deposit',
    '/account/deposit/bitcoin?wallet=bitcoin',
    '/account/withdrawal',
    '/account/withdrawal/bank',
    '/account/transaction-history',
    '/account/upgrade-account',
    '/account/notification',
    '/account/referrals',
    '/account/profile',
    '/account/support',
    '/account/withdrawal-addresses',
  ]);
  // a route change inside the app (no reload) moves the title too
  await page.getByRole('link', { name: 'Transaction History' }).first().click();
  await expect(page).toHaveTitle(client.get('/account/transaction-history')!);

  const staff = await browser.newPage();
  await signIn(staff, ADMIN, true);
  const admin = await titlesOf(staff, [
    '/admin/dashboard',
    '/admin/users',
    '/admin/pending-reviews',
    '/admin/approvals',
    '/admin/contacts',
    '/admin/emailing',
    '/admin/mail',
    '/admin/support-tickets',
    '/admin/audit-log',
    '/admin/staff',
    '/admin/verification-limits',
    '/admin/security',
  ]);
  expectDistinct(new Map([...client, ...admin]));
  await staff.close();
});
