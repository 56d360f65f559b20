/**
 * The offer is what the product does (docs/product.md "The offer"): the home page, the pages whose
 * copy speaks of plans and tiers, the upgrade page and the trading page claim no spread, leverage,
 * platform, live chart, demo or "100% trusted", and the plans' target rate names its period. The
 * words are those of the content's copy check (web/src/content/claims.ts), read here from what the
 * browser shows. axe on each of these screens; with SHOTS_DIR set, screenshots.
 */
import type { Page } from '@playwright/test';
import { findCopyProblems } from '../web/src/content/claims';
import { expect, test } from './fixtures';
import {
  checkPageState,
  newBrowserPage,
  newClientSignUp,
  shootBothWidths,
  signIn,
  signUpVerified,
} from './journey';
import { openPage, scrollThrough } from './open-page';

/** The plans' rate as every screen must write it: a percentage and its period. */
const RATE_WITH_PERIOD = /\d+(?:\.\d+)?\s?% (?:target )?over the whole term/;

/** The claims the page's visible text makes that the product cannot back (none expected). */
async function expectNoUnbackedClaim(page: Page, what: string) {
  const text = await page.locator('body').innerText();
  const problems = findCopyProblems(text).map((f) => `${f.claim}: "${f.sentence}"`);
  expect(problems, what).toEqual([]);
}

/** Checks the page's copy, then axe, then (SHOTS_DIR) screenshots. */
async function checkScreen(page: Page, name: string, ready: () => Promise<void>) {
  await ready();
  await expectNoUnbackedClaim(page, name);
  await checkPageState(page, name, ready);
  await shootBothWidths(page, `honest-${name}`, ready);
}

const PUBLIC_SCREENS: [string, string][] = [
  ['home', '/'],
  ['about', '/about'],
  ['faq', '/faq'],
  ['terms', '/terms-and-conditions'],
  ['assets', '/assets'],
];

for (const [name, path] of PUBLIC_SCREENS) {
  test(`the ${name} page offers only what the product does`, async ({ page }) => {
    await openPage(page, path);
    await checkScreen(page, name, () => scrollThrough(page));
  });
}

test('the home page states the plans, their losses and the rate with its period; no demo link', async ({
  page,
}) => {
  await openPage(page, '/');
  await scrollThrough(page);
  const main = page.getByRole('main');
  await expect(main.getByText(RATE_WITH_PERIOD).first()).toBeVisible();
  const pricing = page.getByRole('region', { name: 'Trading Accounts', exact: true });
  await expect(pricing).toContainText('trading desk');
  await expect(pricing.getByText('Results posted by our trading desk, losses included')).toHaveCount(5);
  await expect(page.getByRole('link', { name: /demo/i })).toHaveCount(0);
  await expect(page.getByText(/100\s?% trusted/i)).toHaveCount(0);

  await openPage(page, '/faq');
  await page.getByRole('button', { name: 'What does the target rate mean?' }).click();
  await expect(page.getByText(RATE_WITH_PERIOD)).toBeVisible();
  await page.getByRole('button', { name: 'Can a plan lose money?' }).click();
  await expect(page.getByText(/^Yes. The trading desk posts losses as well as gains/)).toBeVisible();
});

test('the upgrade and trading pages: tiers without trading conditions, the rate with its period', async ({
  browser,
  readMail,
}) => {
  const signUp = newClientSignUp('Olive', 'Offer', 'honest');
  await signUpVerified(readMail, signUp);
  const page = await newBrowserPage(browser);
  await signIn(page, signUp);

  await page.goto('/account/upgrade-account');
  const gold = page.getByRole('region', { name: 'Gold' });
  await checkScreen(page, 'upgrade', () => expect(gold).toBeVisible());
  await expect(gold.getByText('$50,000')).toBeVisible();
  await expect(gold.getByText('Copy Trading and Investment plans')).toBeVisible();
  await expect(gold.getByText('Results posted by our trading desk, losses included')).toBeVisible();

  await page.goto('/account/trading');
  const copy = page.getByRole('region', { name: 'Copy Trading' });
  await checkScreen(page, 'trading', () => expect(copy).toBeVisible());
  await expect(copy.getByText(RATE_WITH_PERIOD)).toBeVisible();
  await expect(copy).toContainText('a result can be a loss');
});
