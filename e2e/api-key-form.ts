/**
 * The "Create API key" dialog as the owner's and a client's journeys send it: both confirm with an
 * authenticator code, and both are shown the new key once (docs/integrations.md "API keys").
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Sends the open dialog `form` with the code `nextCode` answers, then reads the key from the dialog
 * that shows it once. Answers that dialog and the key, checked against the key's form (`bk_` and
 * 43 base64url characters).
 */
export async function createKeyWithCode(
  page: Page,
  form: Locator,
  nextCode: () => Promise<string>,
): Promise<{ shown: Locator; secret: string }> {
  await form.getByLabel('Authentication code').fill(await nextCode());
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = ((await shown.getByTestId('api-key-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^bk_[\w-]{43}$/);
  return { shown, secret };
}
