/**
 * Accessibility of the public site beyond each page at rest: axe-core finds no serious or critical
 * violation on a phone with the mobile menu open, on an inner page with the bonus offer as a strip,
 * with the charting provider's widgets loaded, or with the Documents menu open and the contact
 * form's errors shown. Every public page at rest (every lazy section loaded), at 1280 and 375 px,
 * with axe's default rules and WCAG 2.2 AA, is a11y-routes.spec.ts's.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { openPage, scrollThrough } from './open-page';

/** Scrolls to the bottom step by step so lazy sections load, then back to the top. */
async function loadEverything(page: Page): Promise<void> {
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The serious and critical violations axe (its default rules) finds on the page as it is now; only
 * the violations' nodes are collected (resultTypes), which leaves the verdict unchanged.
 */
async function seriousViolations(page: Page) {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.targets.slice(0, 5) }));
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
