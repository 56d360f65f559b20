/**
 * Accessibility of the public site: axe-core finds no serious or critical violation on any public
 * page (every lazy section loaded), on a phone, with the charting provider's widgets loaded, or
 * with the Documents menu or the mobile menu open.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPage, scrollThrough } from './open-page';

const PUBLIC_PATHS = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/terms-and-conditions',
  '/privacy-policy',
  '/payment-policy',
  '/assets',
];

/** Scrolls to the bottom step by step so lazy sections load, then back to the top. */
async function loadEverything(page: Page): Promise<void> {
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

for (const path of PUBLIC_PATHS) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await loadEverything(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: the home page on a 375 px phone, with the mobile menu open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, '/');
  await loadEverything(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: an inner page on a 375 px phone, with the bonus offer as a strip', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page, '/about');
  await expect(page.getByRole('complementary', { name: 'Bonus offer' })).toBeVisible();
  await loadEverything(page);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`axe: the home page at ${width} px with the ticker and the market tabs loaded`, async ({ page }) => {
    // the provider's embed scripts answered with an empty script: its widgets count as loaded
    await page.route('https://s3.tradingview.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    await page.setViewportSize({ width, height: 812 });
    await openPage(page, '/');
    await expect(page.getByRole('region', { name: 'Market ticker' })).toBeVisible();
    await loadEverything(page);
    await expect(page.getByRole('tab', { name: 'FOREX' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: the Documents menu open, and the contact form showing its errors', async ({ page }) => {
  await openPage(page, '/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
