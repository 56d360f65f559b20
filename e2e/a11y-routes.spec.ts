/**
 * axe on every route of the app (web/src/app/router.tsx), public, client area and back office, at
 * 1280 and 375 px: no serious or critical violation of WCAG 2.0, 2.1 and 2.2 A/AA (the axe tags
 * below; target-size is among them), nor on a public page of axe's best practices (so of any of
 * axe's default rules). Each page is judged once its h1 shows and its data has arrived (no
 * skeleton, no busy table, no loader). One browser context per role: a visitor, a client
 * with rows in every list (deposits pending, approved and declined, withdrawals, a plan and a
 * trade, a notice, a ticket; each of the profile's tabs), the owner (the admin pages about a client
 * use that client's id), and the two sign-in steps (e-mail verification, two-factor code). A first
 * test fails when web/src/config/paths.ts has a route none of the lists visits (e2e/routes.ts). At
 * 375 px no client or back-office page scrolls sideways or hides content in a sideways scroll box,
 * and at both widths none has a button or tab narrower than its label (docs/product.md "Phone layout").
 * Every page's document title is its h1 and the brand, the pages of routes.ts's titled lists each
 * have their own, and a route change inside the app moves the title too. The
 * public pages in other states (open menus, the charting widgets, a form's errors) are in
 * a11y-public.spec.ts.
 */
import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { crushedControls } from './controls';
import { addActiveDestination, approveIdentity } from './destinations';
import { codeIn, expect, MAIL_WAIT, test } from './fixtures';
import {
  ADMIN,
  approveHeld,
  call,
  checkBothWidths,
  doneEvenIfHeld,
  expectNoSidewaysScroll,
  newClientSignUp,
  newOfflineContext,
  PNG_DATA_URL,
  signIn,
  signUpByApi,
  signUpVerified,
  submitSignIn,
  type ReadMail,
  type SignUp,
} from './journey';
import { scrollThrough, visitInApp } from './open-page';
import {
  adminPaths,
  CLIENT_PATHS,
  expectDistinct,
  MARKETING,
  PUBLIC_PATHS,
  PUBLIC_TITLED,
  routePatterns,
  SIGN_IN_STEPS,
  SIGNED_IN_TITLED,
  titleOf,
} from './routes';

/** WCAG 2.0, 2.1 A and AA and 2.2 AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The public routes' rules: WCAG_TAGS and axe's best practices, together every rule axe runs by
 * default (its default set is the WCAG A/AA rules and the best practices) and target-size, which
 * it leaves off; so a public page needs no second run with the defaults.
 */
const PUBLIC_TAGS = [...WCAG_TAGS, 'best-practice'];

/** A valid-looking wallet address for the crypto withdrawal. */
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Waits until the page shows one h1 and nothing is loading any more: no skeleton, busy region or loader. */
async function settled(page: Page, what: string) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1, what).toHaveCount(1);
  await expect(h1, what).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]'), `${what}: skeleton`).toHaveCount(
    0,
  );
  // a third-party widget's region (components/external-embed.tsx) waits until it scrolls into view,
  // and then fails (its hosts are blocked here): not the page's own data
  await expect(page.locator('[aria-busy="true"]:not([role="region"])'), `${what}: busy`).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading' }), `${what}: loader`).toHaveCount(0);
  await expect(page.getByText('Something went wrong'), what).toHaveCount(0);
}

/**
 * Opens each of `paths` in turn and runs axe (the rules of `tags`) on it at both widths, each in a
 * step of its own; with `phoneFits`, at 375 px the page must not scroll sideways, nor hide content
 * in a sideways scroll box (a table wider than its card), and at both widths no button or tab is
 * narrower than its label (e2e/controls.ts). Each page's title must be its h1 and the
 * brand (`titleOf`). A route that fails does not stop the others: the test fails at the end with
 * every failure listed. Answers the titles, path → title.
 */
async function checkRoutes(
  page: Page,
  paths: string[],
  { tags = WCAG_TAGS, phoneFits = false }: { tags?: string[]; phoneFits?: boolean } = {},
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const failures: string[] = [];
  for (const path of paths) {
    await test
      .step(path, async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await visitInApp(page, path);
        let scrolled = !MARKETING.includes(path);
        const ready = async () => {
          await settled(page, path);
          if (phoneFits && page.viewportSize()!.width < 400)
            await expectNoSidewaysScroll(page, `${path} at 375 px`, { boxes: true });
          if (phoneFits) {
            const width = page.viewportSize()!.width;
            // polled: right after a resize the shell's navbar and padding still move, and a
            // control can be narrow for that moment only
            await expect
              .poll(() => crushedControls(page), {
                message: `${path} at ${width} px: controls narrower than their labels`,
              })
              .toEqual([]);
          }
          if (scrolled) return;
          // once, so every lazy section is in the page at both widths
          await scrollThrough(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          scrolled = true;
        };
        await checkBothWidths(page, path, ready, tags);
        titles.set(path, await titleOf(page, path));
      })
      .catch((err: unknown) => failures.push(err instanceof Error ? err.message : String(err)));
  }
  expect(failures).toEqual([]);
  return titles;
}

/** A new page of its own (session and storage) at 1280 × 900, offline like the fixtures. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await newOfflineContext(browser, { viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Waits for a withdrawal code mail to `email` other than the `used` ones; answers its code. */
async function nextWithdrawalCode(readMail: ReadMail, email: string, used: Set<string>): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mail = await readMail(email);
      code = mail.subject === 'Your withdrawal confirmation code' ? codeIn(mail) : '';
      return code !== '' && !used.has(code);
    }, MAIL_WAIT)
    .toBe(true);
  used.add(code);
  return code;
}

interface Client {
  id: string;
  signUp: SignUp;
}

let seeded: Promise<Client> | undefined;

/**
 * Once per run, through the API: a verified client with a deposit approved ($1,500), one pending
 * ($120) and one declined with a reason ($30), a wire of $2,000 approved by two staff members and
 * one of $1,200 waiting for the second (four-eyes), a crypto and a bank withdrawal pending, a
 * 7-day plan with a completed trade, a notice from staff, a support ticket and a message from the
 * contact form.
 */
function seededClient(readMail: ReadMail): Promise<Client> {
  seeded ??= (async () => {
    const signUp = newClientSignUp('Ayla', 'Axe', 'axe');
    const { token, id } = await signUpVerified(readMail, signUp);
    const { token: owner } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
    const deposit = async (amount: number) =>
      ((await call('POST', '/deposits', { amount, image: PNG_DATA_URL }, token)) as { data: { _id: string } })
        .data._id;
    // $1,500 waits for a second staff member (four-eyes): the demo finance member approves it
    await doneEvenIfHeld(await call('PUT', `/deposits/${await deposit(1500)}/approve`, {}, owner));
    await deposit(120);
    // a declined one: the history shows a line that moved no money, with its reason
    await call(
      'PUT',
      `/deposits/${await deposit(30)}/reject`,
      { reason: 'The proof shows another amount' },
      owner,
    );
    // lines of $1,000 or more wait for a second staff member: one approved, one left waiting
    const wire = (amount: number) =>
      call(
        'POST',
        `/transaction/${id}`,
        { amount, transactionType: 'deposit', details: 'Wire received' },
        owner,
      );
    await approveHeld(await wire(2000));
    await wire(1200);

    const used = new Set<string>();
    const client = { token, email: signUp.email };
    await approveIdentity({ token, id });
    await addActiveDestination(client, readMail, {
      kind: 'crypto',
      label: 'Bitcoin wallet',
      network: 'bitcoin',
      address: ADDRESS,
    });
    const crypto = { amount: 40, address: ADDRESS, wallet: 'bitcoin' };
    await call('POST', '/withdrawals/code', { method: 'crypto', ...crypto }, token);
    const cryptoToken = await nextWithdrawalCode(readMail, signUp.email, used);
    await call('POST', '/c-withdrawals', { ...crypto, token: cryptoToken }, token);
    const bank = {
      amount: 60,
      bankName: 'First Bank',
      accountName: 'Ayla Axe',
      accountNumber: '12345678',
      routing: '021000021',
      swift: 'BOFAUS3N',
    };
    await addActiveDestination(client, readMail, { kind: 'bank', label: 'Bank account', ...bank });
    await call('POST', '/withdrawals/code', { method: 'bank', ...bank }, token);
    const bankToken = await nextWithdrawalCode(readMail, signUp.email, used);
    await call('POST', '/b-withdrawals', { ...bank, token: bankToken }, token);

    await call(
      'PUT',
      `/user/admin/active-plan/${id}`,
      { amount: 300, duration: 7, plan: 'copy_trading' },
      owner,
    );
    const trade = { tradeAmount: 250, profit: 12.5, plan: 'copy_trading', statuss: 'completed', userId: id };
    await call('POST', '/trading-activity', trade, owner);
    await call(
      'POST',
      '/notifications',
      { userId: id, title: 'Welcome', message: 'Your account is ready.' },
      owner,
    );
    await call('POST', '/support', { message: 'How long does a bank withdrawal take?' }, token);
    await call('POST', '/contacts', {
      name: 'Ayla Axe',
      email: signUp.email,
      message: 'Do you offer demo accounts?',
    });
    return { id, signUp };
  })();
  return seeded;
}

test.describe.configure({ timeout: 600_000 });

test('every route of paths.ts is among the routes checked below', () => {
  const visited = [...PUBLIC_PATHS, ...SIGN_IN_STEPS, ...CLIENT_PATHS, ...adminPaths('some-id')].map(
    (p) => p.split('?')[0]!,
  );
  const unchecked = routePatterns().filter((pattern) => {
    const route = new RegExp(`^${pattern.replace(/:id/g, '[^/]+')}$`);
    return !visited.some((p) => route.test(p));
  });
  expect(unchecked).toEqual([]);
});

/**
 * The client's and the back office's titles, path → title, as this file's tests have read them so
 * far: the second of the two tests to run checks its pages' titles against the first's as well.
 */
const signedInTitles = new Map<string, string>();

test('axe: every public route at 1280 and 375 px, each with a title of its own', async ({ page }) => {
  expectDistinct(await checkRoutes(page, PUBLIC_PATHS, { tags: PUBLIC_TAGS }), PUBLIC_TITLED);
});

test('axe: the sign-in steps (e-mail verification, two-factor code) at 1280 and 375 px', async ({
  browser,
  readMail,
}) => {
  const unverified = newClientSignUp('Uma', 'Unverified', 'axe-unverified');
  await signUpByApi(unverified);
  const page = await freshPage(browser);
  await submitSignIn(page, unverified);
  await expect(page).toHaveURL(/\/email-verification$/);
  await test.step('/email-verification', () =>
    checkBothWidths(page, '/email-verification', () => settled(page, '/email-verification'), WCAG_TAGS));

  const guarded = newClientSignUp('Tom', 'Twofactor', 'axe-2fa');
  const { token } = await signUpVerified(readMail, guarded);
  const setup = (await call('POST', '/auth/two-factor/setup', { password: guarded.password }, token)) as {
    totpURI: string;
  };
  const secret = new URL(setup.totpURI).searchParams.get('secret')!;
  await call('POST', '/auth/two-factor/enable', { code: await generate({ secret }) }, token);
  const second = await freshPage(browser);
  await submitSignIn(second, guarded);
  await expect(second).toHaveURL(/\/two-factor$/);
  await test.step('/two-factor with a challenge', () =>
    checkBothWidths(second, '/two-factor', () => settled(second, '/two-factor'), WCAG_TAGS));
  await page.context().close();
  await second.context().close();
});

test('axe: every client route at 1280 and 375 px, titled', async ({ page, readMail }) => {
  const client = await seededClient(readMail);
  await signIn(page, client.signUp);
  const titles = await checkRoutes(page, CLIENT_PATHS, { phoneFits: true });
  for (const [path, title] of titles) signedInTitles.set(path, title);
  expectDistinct(signedInTitles, SIGNED_IN_TITLED);
  // a route change inside the app (no reload) moves the title too
  await page.getByRole('link', { name: 'Transaction History' }).first().click();
  await expect(page).toHaveTitle(titles.get('/account/transaction-history')!);
});

test('axe: every back-office route at 1280 and 375 px, as the owner, titled', async ({ page, readMail }) => {
  const { id } = await seededClient(readMail);
  await signIn(page, ADMIN, true);
  const titles = await checkRoutes(page, adminPaths(id), { phoneFits: true });
  for (const [path, title] of titles) signedInTitles.set(path, title);
  expectDistinct(signedInTitles, SIGNED_IN_TITLED);
});
