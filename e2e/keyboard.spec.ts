/**
 * Keyboard use of the signed-in areas (docs/product.md "Moving between pages"): at
 * 375 px the skip link is the first Tab stop and leads to the main content, no Tab stop lands on
 * a hidden or off-screen element (the closed sidebar is inert), the opened menu closes on Escape
 * and gives focus back to its burger, and following a menu link puts focus on the new page's h1.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './journey';

const CLIENT = { email: 'client@demo.test', password: 'Client#2026demo' };

/**
 * What has focus: its name (label or text), whether it is visible inside the viewport, and whether
 * it is in the sidebar.
 */
async function focusedStop(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', visible: false, inNav: false };
    // a visually hidden radio (a segmented control's) shows its focus on its label
    const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined;
    const box = label ?? el;
    const r = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const visible =
      r.width > 0 &&
      r.height > 0 &&
      style.visibility !== 'hidden' &&
      r.right > 0 &&
      r.left < window.innerWidth &&
      r.bottom > 0 &&
      r.top < window.innerHeight + window.scrollY;
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
    const name = `${text} <${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}">`;
    return { name, visible, inNav: Boolean(el.closest('.mantine-AppShell-navbar')) };
  });
}

/** Tabs `stops` times from the top of a freshly loaded page and answers every stop. */
async function tabStops(page: Page, stops: number) {
  const seen = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focusedStop(page));
  }
  return seen;
}

for (const who of [
  { name: 'client', credentials: CLIENT, admin: false, home: '/account/home' },
  { name: 'staff', credentials: ADMIN, admin: true, home: '/admin/users' },
]) {
  test(`${who.name} area at 375 px by keyboard: skip link, inert closed menu, Escape back to the burger`, async ({
    page,
  }) => {
    await signIn(page, who.credentials, who.admin);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(who.home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const stops = await tabStops(page, 12);
    expect(stops[0]!.name).toMatch(/^Skip to main content </);
    for (const stop of stops) {
      expect(stop.visible, `hidden Tab stop: ${stop.name}`).toBe(true);
      expect(stop.inNav, `closed menu link in the Tab order: ${stop.name}`).toBe(false);
    }
    await page.goto(who.home); // Tab starts from the top again
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.click();
    const nav = page.locator('.mantine-AppShell-navbar');
    await expect(nav.getByRole('link').first()).toBeVisible();
    // the open menu's links are reachable (after the header's own controls)
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await focusedStop(page)).inNav;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Escape');
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    // following a menu link: the menu closes and focus lands on the new page's h1
    await burger.click();
    const target = nav.locator(`a.mantine-NavLink-root:not([href="${who.home}"])`).first();
    const href = await target.getAttribute('href');
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('h1')).toBeFocused();
  });
}
