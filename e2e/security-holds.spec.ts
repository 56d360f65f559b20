/**
 * Holds after security changes (docs/security.md "Holds after security changes"): a client signed up
 * through the API signs in from the browser, a new device and network, so withdrawals are paused; the
 * withdrawal form and the Security tab say why and until when, and staff see it on the client's
 * page. The "New sign-in" e-mail's "This wasn't me" link asks first, then locks the account and
 * signs this browser out. axe on each screen, screenshots at 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, checkPageState, newClientSignUp, newOfflineContext, signIn, signUpVerified } from './journey';

/**
 * Screenshots of `page` at 1280 and 375 px, named `name-<width>.png`: the page loaded afresh at each
 * width (the phone layout as a phone opens it), the top of the viewport.
 */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.reload();
    await ready();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a new device's sign-in pauses withdrawals; This wasn't me locks the account", async ({
  page,
  browser,
  readMail,
}) => {
  const client = newClientSignUp('Hal', 'Holder', 'hold');
  const { id } = await signUpVerified(readMail, client);
  await signIn(page, client);

  await page.goto('/account/withdrawal/withdraw?wallet=bitcoin');
  const paused = page.getByRole('alert').filter({ hasText: /^Withdrawals paused until \d{4}-\d\d-\d\d/ });
  await checkPageState(page, 'the withdrawal form during a hold', () => expect(paused).toBeVisible());
  await expect(paused).toContainText('Because you signed in from a new device and network on');
  await shots(page, 'withdrawal-form-hold', () => expect(paused).toBeVisible());

  await page.goto('/account/profile?tab=security');
  await expect(paused).toBeVisible();
  await shots(page, 'security-tab-hold', () => expect(paused).toBeVisible());

  const context = await newOfflineContext(browser);
  const adminPage = await context.newPage();
  await signIn(adminPage, ADMIN, true);
  await adminPage.goto(`/admin/users/${id}`);
  const staffView = adminPage
    .getByRole('alert')
    .filter({ hasText: 'Sign-in from a new device and network on' });
  await checkPageState(adminPage, "the client's page during a hold", () => expect(staffView).toBeVisible());
  await staffView.scrollIntoViewIfNeeded();
  await shots(adminPage, 'client-page-hold', async () => {
    await expect(staffView).toBeVisible();
    await staffView.scrollIntoViewIfNeeded();
  });
  await context.close();

  const mail = await readMail(client.email, 'New sign-in to your account');
  const link = new URL(/https?:\/\/\S+this-wasnt-me\?token=[\w-]+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  const lock = page.getByRole('button', { name: 'Lock my account' });
  await checkPageState(page, "the This wasn't me page", () => expect(lock).toBeVisible());
  await shots(page, 'this-wasnt-me', () => expect(lock).toBeVisible());
  await lock.click();
  await expect(page.getByText('Your account is locked and every session is signed out.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('this-wasnt-me-done-1280.png') });

  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Lock my account' }).click();
  await expect(page.getByText('This link is not valid: it was used, or it expired')).toBeVisible();
  await page.goto('/account/home');
  await expect(page).toHaveURL(/\/signin/);
});
