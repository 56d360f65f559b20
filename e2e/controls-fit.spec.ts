/**
 * The client area reads well on a phone (docs/product.md "Phone layout"). On the phone: a long name
 * on the dashboard wraps, or is cut with the whole name in its title; the profile's tab bar is one
 * row (scrolling sideways); each history line is a two-line item that opens the line's details; a
 * list's filters wait behind a "Filters" button (shown inline at 1280); and toasts show one at a
 * time, an error never beside an older success (at 1280 too). That no button or tab is narrower
 * than its label is checked on every client-area and back-office route at both widths by the route
 * sweep (a11y-routes.spec.ts, with e2e/controls.ts). axe is the sweep's too: it judges every one of
 * these screens at rest at 1280 and 375 px, with a client who has rows in every list; the screens
 * here, a long name aside, are in the same state. With SHOTS_DIR set, each is photographed at both.
 */
import type { Page } from '@playwright/test';
import { MESSAGING_MSG } from '../common/messages';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import { ADMIN, call, newClientSignUp, shootBothWidths, signIn } from './journey';
import { visitInApp } from './open-page';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** A client whose names are long, with a few history lines and two notices. */
async function seededClient(readMail: Parameters<typeof clientWithLines>[0]) {
  const signUp = newClientSignUp('Maximiliana-Alexandrina', 'Featherstonehaugh-Worthington', 'fit');
  const client = await clientWithLines(readMail, signUp, [
    { amount: 300, transactionType: 'deposit', details: 'Wire received from First Bank' },
    { amount: 25, transactionType: 'bonus', details: 'Welcome bonus' },
    { amount: 12.5, transactionType: 'profit', details: 'Copy trading result for the week' },
  ]);
  for (const title of ['Welcome', 'Your statement is ready'])
    await call(
      'POST',
      '/notifications',
      { userId: client.id, title, message: 'Read it in your account.' },
      client.ownerToken,
    );
  return { ...client, signUp };
}

/**
 * Opens `path` as the app's own links do (a history entry and a popstate), once the app has
 * loaded, and waits for its h1 and for the network and skeletons to rest.
 */
async function visit(page: Page, path: string) {
  await visitInApp(page, path);
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]'), path).toHaveCount(0);
}

/** With SHOTS_DIR set, photographs each of `paths` at 1280 and 375 px (shootBothWidths); else nothing. */
async function shootEach(page: Page, paths: string[]) {
  if (!process.env.SHOTS_DIR) return;
  for (const path of paths)
    await shootBothWidths(page, `controls-fit${path.replaceAll('/', '-')}`, () => visit(page, path));
}

/** The toasts on screen, each as its text. */
const toastTexts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();

test('client area: the phone pass', async ({ page, readMail }) => {
  const client = await seededClient(readMail);
  await signIn(page, client.signUp);

  await test.step('a long name on the dashboard wraps or is cut with the whole name in its title', async () => {
    await page.setViewportSize(PHONE);
    await visit(page, '/account/home');
    const full = `${client.signUp.firstName} ${client.signUp.lastName}`;
    const clipped = await page.evaluate((name) => {
      const cut: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!own || !el.checkVisibility()) continue;
        const text = (el.textContent ?? '').trim();
        if (!text.includes(name.split(' ')[0]!)) continue;
        const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        const right = el.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
        const titled = (el.closest('[title]')?.getAttribute('title') ?? '').includes(name.split(' ')[0]!);
        if ((over || right) && !titled) cut.push(text);
      }
      return cut;
    }, full);
    expect(clipped).toEqual([]);
  });

  await test.step('the profile tab bar is one row at 375 px', async () => {
    await visit(page, '/account/profile?tab=security');
    await expect(page.getByRole('tab')).toHaveCount(7);
    const tops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => [...new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top)))]);
    expect(tops).toHaveLength(1);
    // the open tab is scrolled into view
    await expect(page.getByRole('tab', { name: 'Security' })).toBeInViewport();
  });

  await test.step('history lines are two-line items at 375 px that open the line', async () => {
    await visit(page, '/account/transaction-history');
    // the three lines posted and the "Account credited" notices' lines are the same three
    const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    const heights = await items.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().height));
    // two lines of text and the item's padding, and never the seven-line card of before
    for (const height of heights) expect(height).toBeLessThanOrEqual(72);
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toBeHidden();
    await items.filter({ hasText: 'Bonus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(dialog).toContainText('Welcome bonus');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toBeVisible();
  });

  await test.step('one toast at a time; an error never beside an older success', async () => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await visit(page, '/account/notification');
      await page
        .getByRole('button', { name: /^Delete notification / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(MESSAGING_MSG.notificationDeleted)).toBeVisible();
      // the next delete fails: its error replaces the success
      await page.route('**/api/notifications/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Server error' } })
          : route.fallback(),
      );
      await page
        .getByRole('button', { name: /^Delete notification / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => toastTexts(page)).toEqual([expect.stringContaining('Server error')]);
      await page.unroute('**/api/notifications/*');
      await page
        .locator('.mantine-Notification-root')
        .getByRole('button', { name: 'Close notification' })
        .click();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      if (size === PHONE)
        await call(
          'POST',
          '/notifications',
          { userId: client.id, title: 'Another notice', message: 'Read it.' },
          client.ownerToken,
        );
    }
  });

  await shootEach(page, [
    '/account/home',
    '/account/transaction-history',
    '/account/profile',
    '/account/notification',
  ]);
});

test('back office: filters behind a button on a phone', async ({ page, readMail }) => {
  const signUp = newClientSignUp('Maximiliana-Alexandrina', 'Featherstonehaugh-Worthington', 'fit-admin');
  const { id } = await clientWithLines(readMail, signUp, [
    { amount: 300, transactionType: 'deposit', details: 'Wire received from First Bank' },
  ]);
  await signIn(page, ADMIN, true);

  await test.step('filters inline at 1280, behind "Filters" at 375 px', async () => {
    for (const path of [
      '/admin/users',
      '/admin/audit-log',
      '/admin/pending-reviews',
      `/admin/transactions/${id}`,
    ]) {
      await page.setViewportSize(DESKTOP);
      await visit(page, path);
      await expect(page.getByRole('button', { name: 'Filters' }), path).toHaveCount(0);
      await page.setViewportSize(PHONE);
      const filters = page.getByRole('button', { name: 'Filters' });
      await expect(filters, path).toBeVisible();
      await expect(filters, path).toHaveAttribute('aria-expanded', 'false');
      // the list starts within the first screen
      await expect(page.getByRole('table').first(), path).toBeInViewport();
      await filters.click();
      await expect(filters, path).toHaveAttribute('aria-expanded', 'true');
    }
    await page.setViewportSize(DESKTOP);
  });

  await shootEach(page, ['/admin/users', '/admin/audit-log', '/admin/pending-reviews', `/admin/users/${id}`]);
});
