import type { Page } from '@playwright/test';

/**
 * Opens `path` and waits until React has hydrated (or first rendered) it: the public pages arrive
 * prerendered, and a click on their markup before hydration would do nothing (web/src/main.tsx
 * sets `<html data-app-ready>`).
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * Scrolls to the bottom step by step (at most 40 steps of 80 % of the viewport), so lazy sections
 * and widgets near the viewport load; stays at the bottom.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
  for (let step = 0; step < 40; step += 1) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (atBottom) break;
  }
}
