/**
 * A new owner of a journey's own (invited by the demo owner, password set, two-factor on), signed in
 * on `page` with an authenticator code: for journeys whose steps take a fresh second factor (API
 * keys, webhooks), so the demo owner stays as it is. Answers the e-mail and `nextCode()`.
 */
import type { Page } from '@playwright/test';
import { authenticator } from './authenticator';
import { expect } from './fixtures';
import { ADMIN, call, submitSignIn, type ReadMail } from './journey';

const PASSWORD = 'Owner-journey-2026';

export async function signInNewOwner(page: Page, readMail: ReadMail, tag: string, firstName: string) {
  const email = `${tag}.owner.${Date.now()}@example.com`;
  const { token: owner } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  await call('POST', '/staff', { email, firstName, lastName: 'Owner', role: 'owner' }, owner);
  const invitation = /token=([\w-]+)/.exec((await readMail(email)).text)![1];
  await call('POST', '/staff/invitations/accept', {
    token: invitation,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const { token } = (await call('POST', '/auth/signin', { email, password: PASSWORD })) as { token: string };
  const { totpURI } = (await call('POST', '/auth/two-factor/setup', { password: PASSWORD }, token)) as {
    totpURI: string;
  };
  const nextCode = authenticator(new URL(totpURI).searchParams.get('secret')!);
  await call('POST', '/auth/two-factor/enable', { code: await nextCode() }, token);

  await submitSignIn(page, { email, password: PASSWORD }, true);
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.getByLabel('Authentication code').fill(await nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  return { email, nextCode };
}
