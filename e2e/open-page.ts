import { expect, type Page } from '@playwright/test';

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

/**
 * Opens `path`: the first time with a page load, then as the app's own links do (a history entry
 * and a popstate, which the router follows), so each route does not reload and boot the app again.
 * Waits for the new page's h1 (a new element, unless only the query changed), for the URL to be the
 * route itself (not a redirect to the sign-in, say) and for the network to rest.
 */
export async function visitInApp(page: Page, path: string): Promise<void> {
  if ((await page.locator('html[data-app-ready]').count()) === 0) {
    await openPage(page, path);
  } else {
    const samePage = new URL(page.url()).pathname === path.split('?')[0];
    await page.evaluate((to) => {
      for (const h1 of document.querySelectorAll('h1')) h1.setAttribute('data-left', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      window.scrollTo(0, 0);
    }, path);
    if (!samePage) await expect(page.locator('h1[data-left]'), path).toHaveCount(0);
  }
  await expect(page).toHaveURL(new URL(path, page.url()).href);
  await page.waitForLoadState('networkidle');
}
