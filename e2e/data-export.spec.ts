/**
 * "Download my data" (docs/integrations.md "Your data"): a new client with a support ticket opens
 * the profile, presses the card's button, and the browser saves my-data-<day>.zip, whose files
 * (listed by the system's unzip) are the README and each part as JSON and CSV; the ticket's message
 * is in it, the password is not. axe on the profile tab with the card.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { call, checkPageState, shootBothWidths, signIn, signUpVerified } from './journey';

const PASSWORD = 'Export-pass-42';
const PARTS = ['profile', 'history', 'statements', 'notifications', 'support-messages', 'sign-in-history'];

test('a client downloads all their data as one zip', async ({ page, readMail }) => {
  const email = `export.${Date.now().toString(36)}@example.com`;
  const { token } = await signUpVerified(readMail, {
    firstName: 'Dana',
    lastName: 'Export',
    email,
    phone: '+1 555 0177',
    password: PASSWORD,
    gender: 'female',
    country: 'Canada',
  });
  await call('POST', '/support', { message: 'Please send me my data' }, token);

  await signIn(page, { email, password: PASSWORD });
  await page.goto('/account/profile');
  const card = page.getByRole('region', { name: 'Download my data' });
  const button = card.getByRole('button', { name: 'Download my data' });
  await expect(button).toBeVisible();
  await checkPageState(page, 'profile with "Download my data"', () => expect(button).toBeVisible());
  await shootBothWidths(page, 'data-export', () => expect(button).toBeVisible());

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`my-data-${new Date().toISOString().slice(0, 10)}.zip`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'my-data-')), download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  const names = execFileSync('/usr/bin/unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  expect(names.sort()).toEqual(['README.txt', ...PARTS.flatMap((p) => [`${p}.json`, `${p}.csv`])].sort());
  const read = (name: string) => execFileSync('/usr/bin/unzip', ['-p', file, name], { encoding: 'utf8' });
  expect(JSON.parse(read('profile.json'))).toMatchObject({
    email,
    first_name: 'Dana',
    available_usd: '0.00',
  });
  expect(read('support-messages.csv')).toContain('Please send me my data');
  expect(names.map(read).join('\n')).not.toContain(PASSWORD);
  await expect(button).toBeEnabled();
});
