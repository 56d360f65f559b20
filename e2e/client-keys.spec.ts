/**
 * Client keys (docs/integrations.md "Client keys"): a client with two-factor on creates a read-only
 * API key on their profile's Security tab with an authenticator code, sees it once, and a script
 * with it reads their balance and history but is refused their notices and any change; the client
 * revokes it and the script is refused. axe on the form and the list.
 */
import { authenticator } from './authenticator';
import { createKeyWithCode } from './api-key-form';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import {
  call,
  checkPageState,
  newClientSignUp,
  shootBothWidths,
  signUpVerified,
  submitSignIn,
} from './journey';

/** A GET with `key` as the bearer: its status and error code. */
async function withKey(key: string, path: string) {
  const res = await fetch(`${BASE_URL}/api${path}`, { headers: { authorization: `Bearer ${key}` } });
  const json = (await res.json().catch(() => ({}))) as { code?: string };
  return { status: res.status, code: json.code ?? null };
}

test('a client creates a read-only key, a script reads with it, the client revokes it', async ({
  page,
  readMail,
}) => {
  const client = newClientSignUp('Kira', 'Keys', 'client-keys');
  const { token } = await signUpVerified(readMail, client);
  const { totpURI } = (await call(
    'POST',
    '/auth/two-factor/setup',
    { password: client.password },
    token,
  )) as {
    totpURI: string;
  };
  const nextCode = authenticator(new URL(totpURI).searchParams.get('secret')!);
  await call('POST', '/auth/two-factor/enable', { code: await nextCode() }, token);
  await submitSignIn(page, client);
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.getByLabel('Authentication code').fill(await nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);

  await page.goto('/account/profile?tab=security');
  const panel = page.getByRole('region', { name: 'API keys' });
  await expect(panel.getByText('No API keys yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByLabel('Name').fill('Budget app');
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await checkPageState(page, 'the client key form', async () => {
    await expect(form.getByRole('button', { name: 'Create key' })).toBeVisible();
  });
  const { shown, secret } = await createKeyWithCode(page, form, nextCode);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByText('Budget app')).toBeVisible();
  await checkPageState(page, 'the client key list', async () => {
    await expect(panel.getByText('Budget app')).toBeVisible();
  });
  await shootBothWidths(page, 'client-keys', async () => {
    await expect(panel.getByText('Budget app')).toBeVisible();
  });

  expect(await withKey(secret, '/ledger/account')).toMatchObject({ status: 200 });
  expect(await withKey(secret, '/transaction/all?page=1&pageSize=10')).toMatchObject({ status: 200 });
  expect(await withKey(secret, '/notifications/user')).toEqual({ status: 403, code: 'api_key_not_allowed' });
  expect(await withKey(secret, '/user/admin')).toMatchObject({ status: 403 });

  await panel.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByText('Revoked')).toBeVisible();
  expect(await withKey(secret, '/transaction')).toEqual({ status: 401, code: 'api_key_revoked' });
});
