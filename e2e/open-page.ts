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
