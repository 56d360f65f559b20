/**
 * Account security journeys (docs/security.md): a client turns two-factor authentication on from
 * the profile's Security tab, signs in with an authenticator code and with a backup code, signs a
 * second browser out from the first, and staff reset it from the client's page; with
 * STAFF_TWO_FACTOR=required (an app of the journey's own, e2e/own-app.ts) the admin is sent to set
 * it up before the back office opens. Authenticator codes are computed here with otplib from the
 * key shown on screen.
 */
import type { Browser, Page } from '@playwright/test';
import { SECURITY_MSG } from '../common/messages';
import { authenticator } from './authenticator';
import { expect, test } from './fixtures';
import {
  ADMIN,
  checkPageState,
  newBrowserPage,
  newOfflineContext,
  signIn,
  signUpVerified,
  submitSignIn,
} from './journey';
import { startOwnApp } from './own-app';

const password = 'Security-pass-42';

/** The second step: a code on /two-factor, then the page it opens. */
async function codeStep(page: Page, code: string, landing: RegExp) {
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(landing);
}

/** Security tab or page: Enable → password → reads the key and backup codes → first code → on. */
async function enableTwoFactor(page: Page, accountPassword: string) {
  await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await page.getByLabel('Current password').fill(accountPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const backupCodes = (await page.getByTestId('backup-code').allTextContents()).map((c) => c.trim());
  expect(backupCodes).toHaveLength(10);
  const nextCode = authenticator(secret);
  return {
    backupCodes,
    nextCode,
    /** Types the first code and turns two-factor on. */
    confirm: async () => {
      await page.getByLabel('Authentication code').fill(await nextCode());
      await page.getByRole('button', { name: 'Enable', exact: true }).click();
      await expect(page.getByText(SECURITY_MSG.enabled)).toBeVisible();
    },
  };
}

async function signOut(page: Page) {
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/(signin|admin\/login)$/);
}

test('a client turns two-factor on, signs in with a code and a backup code, and signs another browser out', async ({
  page,
  browser,
  readMail,
}) => {
  const email = `security.${Date.now()}@example.com`;
  await signUpVerified(readMail, {
    firstName: 'Sam',
    lastName: 'Secure',
    email,
    phone: '+1 555 0142',
    password,
    gender: 'other',
    country: 'Kosovo',
  });
  const client = { email, password };
  await signIn(page, client);

  await page.goto('/account/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Sign-in history' }).getByText('Signed in').first(),
  ).toBeVisible();

  const setup = await enableTwoFactor(page, password);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('backup-codes.txt');
  await checkPageState(page, 'two-factor set-up', async () => {
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  });
  await setup.confirm();
  await expect(page.getByRole('button', { name: 'Disable two-factor authentication' })).toBeVisible();
  await expect(page.getByTestId('backup-code')).toHaveCount(0);

  // withdrawals are now confirmed with the authenticator, not an e-mailed code
  await page.goto('/account/withdrawal/btc');
  await expect(page.getByLabel('Authenticator app code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);

  // the password alone no longer opens a session; a wrong code is refused, the right one is not
  await signOut(page);
  await submitSignIn(page, client);
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(SECURITY_MSG.invalidCode)).toBeVisible();
  await codeStep(page, await setup.nextCode(), /\/account\/home$/);

  await signOut(page);
  await submitSignIn(page, client);
  await codeStep(page, setup.backupCodes[0]!, /\/account\/home$/);

  // a second browser signs in; the first one signs it out from the sessions list
  const otherPage = await newBrowserPage(browser);
  await submitSignIn(otherPage, client);
  await codeStep(otherPage, setup.backupCodes[1]!, /\/account\/home$/);

  // the sign-up's API session (user agent "node") and the second browser are the other two
  await page.goto('/account/profile?tab=security');
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(2);
  await sessions.getByRole('button', { name: /^Sign out Chrome/ }).click();
  await expect(page.getByText(SECURITY_MSG.sessionRevoked)).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(1);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/signin$/);
  await otherPage.context().close();

  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText(SECURITY_MSG.othersRevoked)).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  // staff see it on the client's page and reset it with a reason
  const adminPage = await newBrowserPage(browser);
  await signIn(adminPage, ADMIN, true);
  await adminPage.getByRole('textbox', { name: 'Search' }).fill(email);
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^View/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const security = adminPage.getByRole('region', { name: 'Security' });
  await expect(security.getByText('On', { exact: true })).toBeVisible();
  await expect(
    security.getByRole('table', { name: "Client's sign-in history" }).getByText('Wrong authentication code'),
  ).toBeVisible();
  await security.getByRole('button', { name: 'Reset two-factor' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Reset two-factor authentication' });
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(dialog.getByText(SECURITY_MSG.reasonLength, { exact: true })).toBeVisible();
  await dialog.getByLabel('Reason').fill('Lost phone; identity checked on a video call');
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(adminPage.getByText(SECURITY_MSG.reset)).toBeVisible();
  await expect(security.getByText('Off', { exact: true })).toBeVisible();
  await adminPage.context().close();
});

/** The own app's slot (own-app.ts): none of the other journeys' own apps uses it. */
const SLOT = 5;

/** A page on `origin` (the own app), offline otherwise, like the others. */
async function ownAppPage(browser: Browser, origin: string): Promise<Page> {
  const context = await newOfflineContext(browser, {
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

test('with STAFF_TWO_FACTOR=required the admin sets two-factor up before the back office opens', async ({
  browser,
}) => {
  // started for this journey alone, rather than beside the run's servers for all of it
  const own = await startOwnApp(SLOT, { STAFF_TWO_FACTOR: 'required' });
  try {
    const page = await ownAppPage(browser, own.url);
    await submitSignIn(page, ADMIN, true);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByText(SECURITY_MSG.staffRequired)).toBeVisible();
    await checkPageState(page, '/admin/security', async () => {
      await expect(page.getByRole('button', { name: 'Enable two-factor authentication' })).toBeVisible();
    });

    // the back office stays closed until it is on: the Users link lands on a fresh security page (a
    // set-up begun before it is gone), so the redirect is seen to have happened, not only the URL
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await expect(page.getByLabel('Current password')).toBeVisible();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByLabel('Current password')).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/security$/);

    const setup = await enableTwoFactor(page, ADMIN.password);
    await setup.confirm();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Overview' })).toBeVisible();

    // from now on the admin login asks for a code too
    await signOut(page);
    await submitSignIn(page, ADMIN, true);
    await codeStep(page, await setup.nextCode(), /\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.context().close();
  } finally {
    await own.close();
  }
});
