/**
 * API keys (docs/integrations.md "API keys"): a new owner with two-factor on creates a key on
 * /admin/api-keys with a fresh authenticator code, sees its secret once, the key reads the back
 * office and sends a client a notice from a script and is refused what it was not given, the
 * audit log shows (and exports) the notice with the key beside its member, then the owner revokes it
 * with a reason and the key is refused at its next call. axe on the form and on the
 * secret. (The page at rest is in the route sweep, e2e/a11y-routes.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { createKeyWithCode } from './api-key-form';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import { checkPageState, shootBothWidths } from './journey';
import { signInNewOwner } from './new-owner';

/** A call with `key` as the bearer (a GET, or a POST of `body`): its status, error code and body. */
async function withKey(key: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code?: string; data?: unknown };
  return { status: res.status, code: json.code ?? null, json };
}

test('an owner creates a key with their second factor, sees it once, and revokes it', async ({
  page,
  readMail,
}) => {
  const { nextCode } = await signInNewOwner(page, readMail, 'keys', 'Kay');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByLabel('Name').fill('CRM sync');
  await form.getByRole('checkbox', { name: /^clients\.read/ }).check();
  await form.getByRole('checkbox', { name: /^notifications\.send/ }).check();
  await expect(form.getByRole('checkbox', { name: /approvals\.decide/ })).toHaveCount(0);
  await checkPageState(page, 'the create API key form', async () => {
    await expect(form.getByRole('button', { name: 'Create key' })).toBeVisible();
  });
  await shootBothWidths(page, 'api-key-form', async () => {
    await expect(form.getByRole('button', { name: 'Create key' })).toBeVisible();
  });
  const { shown, secret } = await createKeyWithCode(page, form, nextCode);

  await checkPageState(page, 'a new API key', async () => {
    await expect(shown.getByRole('button', { name: 'Copy API key' })).toBeVisible();
  });
  await shootBothWidths(page, 'api-key-secret', async () => {
    await expect(shown.getByRole('button', { name: 'Copy API key' })).toBeVisible();
  });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(secret.slice(10))).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: 'CRM sync' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(secret.slice(0, 10));

  // the key reads the clients and sends one a notice, and does nothing it was not given
  const clients = await withKey(secret, '/user/admin?pageSize=10');
  expect(clients.status).toBe(200);
  const someone = (clients.json.data as { _id: string; role: string }[]).find((u) => u.role === 'client')!;
  const notice = {
    userId: someone._id,
    title: 'Statement ready',
    message: 'Your monthly statement is ready.',
  };
  expect((await withKey(secret, '/notifications', notice)).status).toBe(201);
  expect(await withKey(secret, '/audit')).toMatchObject({ status: 403, code: 'api_key_scope' });
  expect(await withKey(secret, '/notifications/user')).toMatchObject({
    status: 403,
    code: 'api_key_not_allowed',
  });

  // the audit log names the key beside its member, on the page and in its CSV export
  await page.getByRole('link', { name: 'Audit log' }).click();
  const sent = page.getByRole('row').filter({ hasText: 'Statement ready' }).first();
  await expect(sent).toContainText(`with API key CRM sync (${secret.slice(0, 10)}…)`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  expect(readFileSync(await download.path(), 'utf8')).toContain(`CRM sync (${secret.slice(0, 10)}…)`);
  await page.getByRole('link', { name: 'API keys' }).click();

  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await confirm.getByLabel('Reason').fill('The CRM was retired');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row).toContainText('The CRM was retired');
  await shootBothWidths(page, 'api-keys', async () => {
    await expect(row).toContainText('Revoked');
  });
  expect(await withKey(secret, '/user/admin')).toMatchObject({ status: 401, code: 'api_key_revoked' });
});
