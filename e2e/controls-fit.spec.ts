/**
 * Controls keep their size, and the client area reads well on a phone (docs/product.md "Phone
 * layout"). Over every client-area and back-office route (routes.ts), at 1280 and then 375 px, no
 * button or tab is narrower than its label: its text neither overflows nor wraps inside it. On the
 * phone: a long name on the dashboard wraps, or is cut with the whole name in its title; the
 * profile's tab bar is one row (scrolling sideways); each history line is a two-line item that
 * opens the line's details; a list's filters wait behind a "Filters" button (shown inline at
 * 1280); and toasts show one at a time, an error never beside an older success (at 1280 too).
 * axe at 1280 and 375 px on the screens whose layout this changed; the other screens' axe is the
 * sweep's (a11y-routes.spec.ts).
 */
import type { Page } from '@playwright/test';
import { MESSAGING_MSG } from '../common/messages';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import { ADMIN, call, checkBothWidths, newClientSignUp, shootBothWidths, signIn } from './journey';
import { openPage } from './open-page';
import { adminPaths, CLIENT_PATHS } from './routes';

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
  if ((await page.locator('html[data-app-ready]').count()) === 0) await openPage(page, path);
  else {
    const samePage = new URL(page.url()).pathname === path.split('?')[0];
    await page.evaluate((to) => {
      for (const h1 of document.querySelectorAll('h1')) h1.setAttribute('data-left', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      window.scrollTo(0, 0);
    }, path);
    // the new page's h1, not the last one's
    if (!samePage) await expect(page.locator('h1[data-left]'), path).toHaveCount(0);
  }
  await expect(page).toHaveURL(new URL(path, page.url()).href);
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]'), path).toHaveCount(0);
}

/**
 * The visible buttons and tabs of the page whose label does not fit them: its text overflows the
 * button (or the label's box), or wraps onto a second line. Each as "name: why".
 */
function crushedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a.mantine-Button-root, [role="tab"], [role="button"]',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = (control.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue; // an icon button: its name is its aria-label
      const label =
        control.querySelector<HTMLElement>('.mantine-Button-label, .mantine-Tabs-tabLabel') ?? control;
      const name = control.getAttribute('aria-label') ?? text;
      const range = document.createRange();
      range.selectNodeContents(label);
      const textWidth = range.getBoundingClientRect().width;
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (control.scrollWidth > control.clientWidth + 1)
        found.push(`${name}: button ${control.clientWidth}px < its content ${control.scrollWidth}px`);
      else if (
        label.scrollWidth > label.clientWidth + 1 ||
        textWidth > label.getBoundingClientRect().width + 1
      )
        found.push(`${name}: label ${label.clientWidth}px < its text ${Math.ceil(textWidth)}px`);
      else if (lines.size > 1 && label !== control)
        found.push(`${name}: label wraps onto ${lines.size} lines`);
    }
    return found;
  });
}

/** Visits each of `paths` at 1280 and then at 375 px, and expects no crushed control on any. */
async function expectControlsFit(page: Page, paths: string[]) {
  const failures: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const path of paths) {
      await visit(page, path);
      for (const problem of await crushedControls(page))
        failures.push(`${path} at ${size.width} px: ${problem}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  expect.soft(failures).toEqual([]);
}

/** The toasts on screen, each as its text. */
const toastTexts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();

test('client area: controls keep their size, and the phone pass', async ({ page, readMail }) => {
  const client = await seededClient(readMail);
  await signIn(page, client.signUp);
  await expectControlsFit(page, CLIENT_PATHS);

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

  await test.step('axe on the screens this changed', async () => {
    for (const path of [
      '/account/home',
      '/account/transaction-history',
      '/account/profile',
      '/account/notification',
    ]) {
      await checkBothWidths(page, path, () => visit(page, path));
      await shootBothWidths(page, `controls-fit${path.replaceAll('/', '-')}`, () => visit(page, path));
    }
  });
});

test('back office: controls keep their size; filters behind a button on a phone', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Maximiliana-Alexandrina', 'Featherstonehaugh-Worthington', 'fit-admin');
  const { id } = await clientWithLines(readMail, signUp, [
    { amount: 300, transactionType: 'deposit', details: 'Wire received from First Bank' },
  ]);
  await signIn(page, ADMIN, true);
  await expectControlsFit(page, adminPaths(id));

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

  await test.step('axe on the screens this changed', async () => {
    for (const path of ['/admin/users', '/admin/audit-log', '/admin/pending-reviews', `/admin/users/${id}`]) {
      await checkBothWidths(page, path, () => visit(page, path));
      await shootBothWidths(page, `controls-fit${path.replaceAll('/', '-')}`, () => visit(page, path));
    }
  });
});
