/**
 * A session that ends while a form is filled (docs/security.md "Sessions and devices"): a client
 * signed in without "Remember me" fills the Ethereum deposit form (its address shown as a QR code
 * with the network, minimum and confirmations), goes idle past SESSION_IDLE_MINUTES (the e2e
 * server's session clock, test-hooks.ts), and sends the form. The 401 takes them to /signin, which
 * says "Your session ended; sign in again"; signing in brings them back to the same form with the
 * amount and transaction hash they had typed. axe checks the deposit form and the sign-in page with
 * its notice.
 */
import { testHook } from './destinations';
import { expect, test } from './fixtures';
import { checkPageState, PNG_DATA_URL, signUpVerified, submitSignIn } from './journey';

/** Moves the clock of the client `email`'s sessions `hours` forward, without a request from any. */
const moveSessionClock = (email: string, hours: number) => testHook('/session-clock', { email, hours });

const HASH = `0x${'ab12'.repeat(16)}`;

test('a session that ends on a filled deposit form says so and comes back to the form', async ({
  page,
  readMail,
}) => {
  const client = { email: `return.${Date.now()}@example.com`, password: 'Return-session-42' };
  await signUpVerified(readMail, {
    ...client,
    firstName: 'Rhea',
    lastName: 'Return',
    phone: '+1 555 0148',
    gender: 'other',
    country: 'Kosovo',
  });
  await submitSignIn(page, client);
  await expect(page).toHaveURL(/\/account\/home$/);

  const form = '/account/deposit/bitcoin?wallet=ethereum';
  await page.goto(form);
  await expect(page.getByRole('img', { name: 'QR code of the Ethereum address' })).toBeVisible();
  await expect(page.getByText('Ethereum (ETH) main network', { exact: true })).toBeVisible();
  await page.getByLabel(/Amount \(USD\)/).fill('250');
  await page.getByLabel(/Transaction hash/).fill(HASH);
  await checkPageState(page, 'deposit form with its QR code and terms', () =>
    expect(page.getByText('Confirmations needed')).toBeVisible(),
  );

  await moveSessionClock(client.email, 31 / 60);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64'),
  });
  await page.getByRole('button', { name: 'Submit deposit' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  const notice = page.getByRole('status').filter({ hasText: 'Your session ended; sign in again' });
  await expect(notice).toBeVisible();
  await checkPageState(page, 'sign-in after the session ended', () => expect(notice).toBeVisible());
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();

  await expect(page).toHaveURL(new RegExp(`${form.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByLabel(/Amount \(USD\)/)).toHaveValue(/^250(\.00)?$/);
  await expect(page.getByLabel(/Transaction hash/)).toHaveValue(HASH);
});
