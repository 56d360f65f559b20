/**
 * Limits by verification level (docs/security.md "Limits by verification level"): the withdrawal
 * page tells a client whose identity is not approved that withdrawals need it (with the way to the
 * documents), and a client whose identity is approved what is left today and what raises it. axe
 * on both, and screenshots at 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkPageState, newClientSignUp, signIn, signUpVerified } from './journey';

/** Screenshots of `page` at 1280 and 375 px, named `name-<width>.png`, once `ready`. */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await ready();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a client without an approved identity reads that withdrawals need it', async ({ page, readMail }) => {
  const client = newClientSignUp('Lim', 'Itless', 'limits');
  await signUpVerified(readMail, client);
  await signIn(page, client);
  await page.goto('/account/withdrawal');
  const notice = page.getByRole('alert').filter({ hasText: 'Your limits: E-mail confirmed' });
  await checkPageState(page, 'the withdrawal page without an approved identity', () =>
    expect(notice).toBeVisible(),
  );
  await expect(notice).toContainText('Withdrawals need an approved identity');
  await shots(page, 'limits-identity', () => expect(notice).toBeVisible());
  await notice.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/account\/profile\?tab=verification$/);
});

test('a client whose identity is approved reads what is left today and what raises it', async ({ page }) => {
  await signIn(page, { email: 'client@demo.test', password: 'Client#2026demo' });
  await page.goto('/account/withdrawal');
  const notice = page.getByRole('alert').filter({ hasText: 'Your limits: Identity approved' });
  await checkPageState(page, 'the withdrawal page with an approved identity', () =>
    expect(notice).toBeVisible(),
  );
  await expect(notice).toContainText(
    /You can withdraw \$[\d,]+\.\d\d more today; verify your address to raise it/,
  );
  await expect(notice).toContainText(/left of \$[\d,]+\.\d\d for 30 days/);
  await shots(page, 'limits-left', () => expect(notice).toBeVisible());
});
