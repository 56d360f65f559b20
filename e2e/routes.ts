/**
 * The app's routes as the sweeps visit them (a11y-routes.spec.ts): public, the sign-in steps, the
 * client area and the back office, with the query variants the app links to; the route patterns of
 * web/src/config/paths.ts they must cover; and the document titles (hooks/use-document-title.ts):
 * every page's title is its h1 and the brand ("Deposit with Bitcoin · Northwind Markets"), and the
 * pages of one list below differ by title.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { paths } from '../web/src/config/paths';

/** Marketing pages: lazy sections load as they scroll into view. */
export const MARKETING = [
  '/',
  '/about',
  '/assets',
  '/contact',
  '/faq',
  '/terms-and-conditions',
  '/privacy-policy',
  '/payment-policy',
];

/** The public routes, as a visitor sees them (with the query variants the app links to). */
export const PUBLIC_PATHS = [
  ...MARKETING,
  '/transparency',
  '/signin',
  '/signup',
  '/signup?referral=AXE2CODE',
  '/forgot-password',
  '/reset-password?email=someone%40example.com',
  '/admin/login',
  '/admin/invitation?token=unknown-token',
  '/admin/invitation',
  '/this-wasnt-me?token=unknown-token',
  '/this-wasnt-me',
  '/two-factor',
  '/no-such-page',
];

/** The two sign-in steps, each reached by signing in (their own test). */
export const SIGN_IN_STEPS = ['/email-verification', '/two-factor'];

/** The client area's routes, with the query variants the app links to. */
export const CLIENT_PATHS = [
  '/account/home',
  '/account/trading',
  '/account/trade-activities',
  '/account/deposit',
  '/account/deposit?success=true',
  '/account/deposit?payment=insufficient',
  '/account/deposit/bitcoin?wallet=bitcoin',
  '/account/deposit/bitcoin?wallet=ethereum',
  '/account/deposit/successful-deposit',
  '/account/withdrawal',
  '/account/withdrawal?success=true',
  '/account/withdrawal/withdraw?wallet=bitcoin',
  '/account/withdrawal/withdraw?wallet=usdt',
  '/account/withdrawal/withdraw?wallet=ethereum',
  '/account/withdrawal/bank',
  '/account/withdrawal/usdt',
  '/account/withdrawal/btc',
  '/account/withdrawal/eth',
  '/account/transaction-history',
  '/account/upgrade-account',
  '/account/notification',
  '/account/referrals',
  '/account/statements',
  '/account/profile',
  '/account/profile?tab=edit-profile',
  '/account/profile?tab=update-photo',
  '/account/profile?tab=change-password',
  '/account/profile?tab=security',
  '/account/profile?tab=verification',
  '/account/support',
  '/account/withdrawal-addresses',
];

/** The back office's pages of its sidebar, each with a title of its own. */
const ADMIN_SIDEBAR_PATHS = [
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
  '/admin/api-keys',
  '/admin/webhooks',
  '/admin/security',
];

/** The back office's routes: its sidebar's, and the pages about one client, which show the client `id`. */
export const adminPaths = (id: string) => [
  ...ADMIN_SIDEBAR_PATHS,
  '/admin/users?verification=pending',
  `/admin/users/${id}`,
  `/admin/users/account/${id}`,
  `/admin/users/add-profit/${id}`,
  `/admin/users/edit/${id}`,
  `/admin/transactions/${id}`,
  '/admin/transactions/add-transactions',
  `/admin/notifications/${id}`,
  `/admin/deposits/${id}`,
  `/admin/crypto-withdrawals/${id}`,
  `/admin/bank-withdrawals/${id}`,
  `/admin/trading-activity/${id}`,
];

/**
 * The route patterns of web/src/config/paths.ts (a parametrised one called with `:id`; a query, as
 * in a tab's path, left off), but the two layout roots, which only redirect (to /account/home and
 * /admin/users).
 */
export function routePatterns(): string[] {
  const found: string[] = [];
  const walk = (group: object) => {
    for (const value of Object.values(group) as unknown[]) {
      if (typeof value === 'string') found.push(value.split('?')[0]!);
      else if (typeof value === 'function')
        found.push(String((value as (id: string) => string)(':id')).split('?')[0]!);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(paths);
  return found.filter((p) => p !== paths.account.root && p !== paths.admin.root);
}

/** The brand every document title ends with. */
const BRAND = 'Northwind Markets';

/** Public pages that each have a title of their own. */
export const PUBLIC_TITLED = [...MARKETING, '/signin', '/signup', '/forgot-password', '/admin/login'];

/** Client and back-office pages that each have a title of their own, the two lists together. */
export const SIGNED_IN_TITLED = [
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
  ...ADMIN_SIDEBAR_PATHS,
];

/**
 * The open page's title, once it is its h1 and the brand ("… · Northwind Markets") and the h1 is
 * not empty; `path` names the page in a failure.
 */
export async function titleOf(page: Page, path: string): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  // the heading may still change as the page's data arrives ("Pending reviews (4)"): the title
  // must follow it, so both are read together until they agree
  const headingText = async () => ((await heading.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await expect
    .poll(async () => (await page.title()) === `${await headingText()} · ${BRAND}`, { message: path })
    .toBe(true);
  expect(await headingText(), path).not.toBe('');
  return page.title();
}

/** Expects no two of `paths` to share a title in `titles` (path → title); paths not in it are passed over. */
export function expectDistinct(titles: Map<string, string>, paths: string[]) {
  const seen = new Map<string, string>();
  for (const path of paths) {
    const title = titles.get(path);
    if (title === undefined) continue;
    expect(seen.get(title), `${path} has the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
  }
}
