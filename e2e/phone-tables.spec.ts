/**
 * Tables on a 375 px phone: the review queue and the users list show each row as a card whose
 * actions (Approve, Reject, View) stand inside the window without any sideways scroll; no empty
 * text is cut, on a phone, a tablet or a desktop; every admin page about a client titles itself
 * with the client's name from the API, whatever `?name=` says, and fits the phone. axe on the
 * empty account home. That every account and back-office page (each profile tab,
 * each withdrawal wallet) fits a 375 px phone, without sideways scroll or content hidden in a
 * scroll box, is a11y-routes.spec.ts's sweep's, with the other screens' axe.
 */
import type { Locator, Page } from '@playwright/test';
import { PLAN_MSG } from '../common/messages';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  expectNoSidewaysScroll,
  newClientSignUp,
  PNG_DATA_URL,
  signIn,
  signUpVerified,
  type ReadMail,
  type SignUp,
} from './journey';

const PHONE = { width: 375, height: 812 };

interface Client {
  id: string;
  signUp: SignUp;
}

let funded: Promise<Client> | undefined;

/** Once per run: a verified client with two pending deposits and a line the owner posted. */
function fundedClient(readMail: ReadMail): Promise<Client> {
  funded ??= (async () => {
    const signUp = newClientSignUp('Tara', 'Tables', 'tables');
    const { token, id } = await signUpVerified(readMail, signUp);
    for (const amount of [120, 2500]) await call('POST', '/deposits', { amount, image: PNG_DATA_URL }, token);
    const { token: ownerToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
    const line = { amount: 300, transactionType: 'deposit', details: 'Wire received' };
    await call('POST', `/transaction/${id}`, line, ownerToken);
    return { id, signUp };
  })();
  return funded;
}

/** Waits until the page shows its h1, no error, and no table still loading. */
async function settled(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 }), what).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('table[aria-busy="true"]'), what).toHaveCount(0);
  await expect(page.getByText('Something went wrong'), what).toHaveCount(0);
}

/**
 * `action` stands wholly inside the window's width where it is (measured before any scrolling, so
 * a sideways scroll area cannot bring it in), and once scrolled to, wholly on screen.
 */
async function expectActionOnScreen(page: Page, action: Locator, what: string) {
  const width = page.viewportSize()!.width;
  const box = (await action.boundingBox())!;
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(width);
  await action.scrollIntoViewIfNeeded();
  await expect(action, what).toBeInViewport({ ratio: 1 });
  expect((await action.boundingBox())!.x, `${what} needed no sideways scroll`).toBe(box.x);
}

/** The text is shown whole: not wider than its box, and not cut by any box around it or the window. */
async function expectNotClipped(text: Locator, what: string) {
  await expect(text, what).toBeVisible();
  const cut = await text.evaluate((el) => {
    if (el.scrollWidth > el.clientWidth + 1)
      return `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`;
    const box = el.getBoundingClientRect();
    for (let box2 = el.parentElement; box2; box2 = box2.parentElement) {
      if (getComputedStyle(box2).overflowX === 'visible') continue;
      const outer = box2.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        return `cut by ${box2.tagName.toLowerCase()}.${box2.className}`;
      }
    }
    return box.left < 0 || box.right > innerWidth + 1 ? 'outside the window' : null;
  });
  expect(cut, `${what} is cut`).toBeNull();
}

test('at 375 px the review queue and the users list show Approve, Reject and View on screen', async ({
  page,
  readMail,
}) => {
  await fundedClient(readMail);
  await signIn(page, ADMIN, true);
  await page.setViewportSize(PHONE);

  await page.goto('/admin/pending-reviews');
  await settled(page, 'review queue');
  const reviews = page
    .getByRole('table', { name: 'Pending reviews' })
    .getByRole('row')
    .filter({ hasText: 'Tara Tables' });
  await expect(reviews).toHaveCount(2);
  for (const row of await reviews.all()) {
    for (const name of ['Approve', 'Reject']) {
      await expectActionOnScreen(
        page,
        row.getByRole('button', { name, exact: true }),
        `${name} in the review queue`,
      );
    }
  }
  await expectNoSidewaysScroll(page, 'review queue', { boxes: true });

  await page.setViewportSize(PHONE);
  await page.goto('/admin/users');
  await settled(page, 'users list');
  const views = page.getByRole('table', { name: 'Users' }).getByRole('link', { name: /^View / });
  expect(await views.count()).toBeGreaterThan(1);
  for (const view of await views.all()) await expectActionOnScreen(page, view, 'View in the users list');
  await expect(page.getByRole('link', { name: 'View Tara Tables' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'users list', { boxes: true });
});

test('no empty text is cut, on a phone, a tablet or a desktop', async ({ page, readMail }) => {
  const signUp = newClientSignUp('Nell', 'Nothing', 'empty');
  const { id } = await signUpVerified(readMail, signUp);
  await signIn(page, signUp);
  const NO_LINE = 'No transaction found';
  const client: Array<[string, string]> = [
    ['/account/home', NO_LINE],
    ['/account/transaction-history', NO_LINE],
    ['/account/trade-activities', PLAN_MSG.noData],
  ];
  const owner: Array<[string, string]> = [
    [`/admin/transactions/${id}`, NO_LINE],
    [`/admin/deposits/${id}`, 'No deposits found'],
    ['/admin/users?from=2001-01-01&to=2001-01-02', 'No user matches the search and filter'],
    ['/admin/pending-reviews?from=2001-01-01&to=2001-01-02', 'No pending request was made on those days'],
  ];
  const check = async (pages: Array<[string, string]>) => {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, empty] of pages) {
        await page.goto(path);
        await settled(page, path);
        await expectNotClipped(
          page.getByText(empty, { exact: true }),
          `"${empty}" on ${path} at ${width} px`,
        );
      }
    }
  };
  await check(client);
  await page.goto('/account/home');
  await checkPageState(page, 'account home without a line', () =>
    expect(page.getByText(NO_LINE, { exact: true })).toBeVisible(),
  );
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMIN, true);
  await check(owner);
});

/** A client's back-office pages and their h1 before " — name" (the user page's h1 is the name). */
const clientPages = (id: string): Array<[string, string]> => [
  [`/admin/users/account/${id}`, 'Edit Account'],
  [`/admin/users/add-profit/${id}`, 'Add Profit'],
  [`/admin/users/edit/${id}`, 'Edit User'],
  [`/admin/transactions/${id}`, 'Transactions'],
  [`/admin/notifications/${id}`, 'Notifications'],
  [`/admin/deposits/${id}`, 'Deposits'],
  [`/admin/crypto-withdrawals/${id}`, 'Crypto withdrawals'],
  [`/admin/bank-withdrawals/${id}`, 'Bank withdrawals'],
  [`/admin/trading-activity/${id}`, 'Trading Activity'],
];

test('every back-office page about a client is titled by their name and fits a 375 px phone', async ({
  page,
  readMail,
}) => {
  const { id } = await fundedClient(readMail);
  await signIn(page, ADMIN, true);
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/users/${id}`);
  await settled(page, 'user page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tara Tables');
  await expectNoSidewaysScroll(page, 'user page', { boxes: true });
  // the name a link carries is not the heading's source: the API's is
  for (const [path, title] of clientPages(id)) {
    await page.goto(`${path}?name=Someone%20Else`);
    await settled(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(`${title} — Tara Tables`);
    await expectNoSidewaysScroll(page, path, { boxes: true });
  }
  await page.goto(`/admin/deposits/${id}`);
  const deposit = page.getByRole('row').filter({ hasText: '$2,500.00' });
  await expectActionOnScreen(
    page,
    deposit.getByRole('button', { name: 'Delete' }),
    "Delete on a client's deposits",
  );
  await expect(deposit).toBeVisible();
});
