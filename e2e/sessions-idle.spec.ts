/**
 * Sessions without "Remember me" end when idle (docs/security.md "Sessions and devices"): a client
 * signs in without it in one browser and with it in another; the e2e server's session clock
 * (test-hooks.ts) then moves past SESSION_IDLE_MINUTES (30) of idleness. The remembered browser's
 * "Active sessions" no longer lists the idle one, and the idle tab is sent to sign in on its next
 * request. axe checks the security page.
 */
import { testHook } from './destinations';
import { expect, test } from './fixtures';
import { checkPageState, newBrowserPage, signUpVerified, submitSignIn } from './journey';

/** Moves the clock of the client `email`'s sessions `hours` forward, without a request from any. */
const moveSessionClock = (email: string, hours: number) => testHook('/session-clock', { email, hours });

test('a session without "Remember me" idle past 30 minutes leaves the list and is sent to sign in', async ({
  page,
  browser,
  readMail,
}) => {
  const client = { email: `idle.${Date.now()}@example.com`, password: 'Idle-session-42' };
  await signUpVerified(readMail, {
    ...client,
    firstName: 'Ida',
    lastName: 'Idle',
    phone: '+1 555 0143',
    gender: 'other',
    country: 'Kosovo',
  });

  // a browser signed in without "Remember me" (the form's default)
  const idlePage = await newBrowserPage(browser);
  await submitSignIn(idlePage, client);
  await expect(idlePage).toHaveURL(/\/account\/home$/);

  // this browser signs in with it
  await page.goto('/signin');
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/account\/home$/);

  // the sign-up's API session (user agent "node") and the idle browser are the other two
  await page.goto('/account/profile?tab=security');
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(2);

  // 31 minutes pass without a request from the idle browser
  await moveSessionClock(client.email, 31 / 60);

  await page.reload();
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: /^Sign out Chrome/ })).toHaveCount(0);
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(1);
  await checkPageState(page, 'security page after an idle session ended', async () => {
    await expect(sessions.getByText('This device')).toBeVisible();
  });

  await idlePage.reload();
  await expect(idlePage).toHaveURL(/\/signin$/);
  await idlePage.context().close();

  // the remembered browser is still signed in
  await page.goto('/account/home');
  await expect(page).toHaveURL(/\/account\/home$/);
});
