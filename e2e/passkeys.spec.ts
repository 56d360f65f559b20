/**
 * Passkey journeys (docs/security.md "Passkeys") with Chromium's virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`: CTAP2, internal, resident keys, user verification that
 * succeeds): a client adds a passkey on the profile's Security tab and signs in with it; a staff
 * member under STAFF_TWO_FACTOR=required enrols one on /admin/security instead of an authenticator
 * app and signs in to the back office with it; a client confirms a withdrawal with their passkey
 * instead of the e-mailed code. WebAuthn refuses an IP address as its relying
 * party, so the journeys run on an own app (e2e/own-app.ts) whose PUBLIC_URL is on `localhost`.
 */
import type { Browser, Page } from '@playwright/test';
import { MONEY_MSG } from '../common/messages';
import { getClientFigures } from '../server/modules/ledger/service';
import { moveSecurityHoldClock } from '../server/test/clocks';
import { createSignedInUser } from '../server/test/app';
import { addDestinationOf, approveIdentity, cryptoWithdrawal, fundClient } from '../server/test/factories';
import { E2E_PORT } from './env';
import { expect, test } from './fixtures';
import { checkPageState, newOfflineContext } from './journey';
import { startOwnApp, type OwnApp } from './own-app';

const SLOT = 4;
const ORIGIN = `http://localhost:${E2E_PORT + 10 + SLOT}`;

let own: OwnApp;
test.beforeAll(async () => {
  own = await startOwnApp(SLOT, { PUBLIC_URL: ORIGIN, STAFF_TWO_FACTOR: 'required' });
});
test.afterAll(async () => own?.close());

/**
 * A page on the own app's origin, offline otherwise (as the `context` fixture keeps pages on the
 * main server), with a virtual platform authenticator that verifies its user.
 */
async function passkeyPage(browser: Browser): Promise<Page> {
  const context = await newOfflineContext(browser, {
    baseURL: ORIGIN,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  return page;
}

/** Gives the page a virtual platform authenticator (CTAP2, internal, resident keys, UV passes). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Signs in with e-mail and password on `path` (/signin or /admin/login). */
async function passwordSignIn(page: Page, path: string, email: string, password: string) {
  await page.goto(`${ORIGIN}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(sign in|login)$/i }).click();
}

/** Adds a passkey named `name` from the Passkeys section, and sees it listed. */
async function addPasskey(page: Page, name: string) {
  const section = page.getByRole('region', { name: 'Passkeys' });
  // the first page of the profile from this file's own server, started just before: on a busy
  // runner its first answers took longer than the usual 10 s (CI, with both cores saturated)
  await expect(section.getByText('No passkeys yet.')).toBeVisible({ timeout: 30_000 });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText('Last used never');
  return section;
}

/** Forgets the browser's session (as signing out would), keeping the authenticator. */
async function forgetSession(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

test('a client adds a passkey and signs in with it', async ({ browser }) => {
  const client = await createSignedInUser(own.app, { firstName: 'Pia', lastName: 'Passkey' });
  const page = await passkeyPage(browser);
  await passwordSignIn(page, '/signin', client.email, client.password);
  await expect(page).toHaveURL(/\/account\/home$/);
  await page.goto(`${ORIGIN}/account/profile?tab=security`);
  const section = await addPasskey(page, 'Work laptop');
  await checkPageState(page, 'the Passkeys section with one passkey', () =>
    expect(section.getByRole('button', { name: 'Remove Work laptop' })).toBeVisible(),
  );
  await section.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Name').fill('Phone');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: 'Phone' })).toBeVisible();

  await forgetSession(page);
  await page.goto(`${ORIGIN}/signin`);
  await checkPageState(page, 'the sign-in page with its passkey button', () =>
    expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
  await page.goto(`${ORIGIN}/account/profile?tab=security`);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).not.toContainText(
    'Last used never',
  );

  // a withdrawal confirmed with the passkey instead of the e-mailed code: an approved identity, a
  // balance and an active destination first, and the hold of the browser's first sign-in over
  await approveIdentity(own.db, client.id);
  await fundClient(own.db, client.id, 100_00n);
  const withdrawal = cryptoWithdrawal(25);
  await addDestinationOf(own.db, client.id, withdrawal);
  await moveSecurityHoldClock(own.db, 48, client.id);
  await page.goto(`${ORIGIN}/account/withdrawal/withdraw?wallet=${withdrawal.wallet}`);
  await page.getByLabel(/^Amount/).fill('25');
  await page.getByRole('radio').first().check();
  const byPasskey = page.getByRole('button', { name: 'Confirm with a passkey' });
  await checkPageState(page, 'the withdrawal form with its passkey button', () =>
    expect(byPasskey).toBeVisible(),
  );
  await byPasskey.click();
  await expect(page.getByText(MONEY_MSG.cryptoWithdrawalSubmitted)).toBeVisible();
  // the amount is held, as for a request confirmed by a code
  expect((await getClientFigures(own.db, client.id)).held).toBe(25_00n);
});

test('staff enrol a passkey as their second factor and sign in to the back office with it', async ({
  browser,
}) => {
  const owner = await createSignedInUser(own.app, { role: 'owner', firstName: 'Otto', lastName: 'Owner' });
  const page = await passkeyPage(browser);
  await passwordSignIn(page, '/admin/login', owner.email, owner.password);
  // STAFF_TWO_FACTOR=required: without a second factor, the set-up screen first
  await expect(page).toHaveURL(/\/admin\/security$/);
  await addPasskey(page, 'Office key');

  await forgetSession(page);
  await page.goto(`${ORIGIN}/admin/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/(users|dashboard)$/);
  await page.goto(`${ORIGIN}/admin/security`);
  await checkPageState(page, 'the staff security page with a passkey', () =>
    expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).toContainText('Office key'),
  );
});
