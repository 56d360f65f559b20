/**
 * The way in and the way back (docs/product.md "Moving between pages"): on /signin the e-mail field
 * takes the keyboard at once (at most two Tab presses, opened directly or by the header's Login
 * link), and the public header offers a signed-in client "My account" and Sign out instead of
 * Sign Up and Login. axe on both screens.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkPageState, newClientSignUp, signIn, signUpVerified } from './journey';
import { openPage } from './open-page';

/** Presses Tab until the e-mail field has focus; answers how many presses that took (at most 3 tried). */
async function pressesToEmail(page: Page): Promise<number> {
  const email = page.getByLabel('Email');
  await email.waitFor();
  for (let presses = 0; presses <= 3; presses += 1) {
    if (await email.evaluate((node) => node === document.activeElement)) return presses;
    await page.keyboard.press('Tab');
  }
  return Infinity;
}

test('the sign-in e-mail field is reached in at most two Tab presses', async ({ page }) => {
  await openPage(page, '/signin');
  expect(await pressesToEmail(page)).toBeLessThanOrEqual(2);
  // arriving from another page through the header's Login link
  await openPage(page, '/about');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await pressesToEmail(page)).toBeLessThanOrEqual(2);
  await checkPageState(page, '/signin', () => expect(page.getByLabel('Email')).toBeVisible());
});

test('a signed-in client sees My account and Sign out in the public header', async ({ page, readMail }) => {
  const signUp = newClientSignUp('Hedda', 'Header', 'header');
  await signUpVerified(readMail, signUp);
  await signIn(page, signUp);

  await openPage(page, '/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(header.getByRole('link', { name: /^(Sign Up|Login)$/ })).toHaveCount(0);
  await checkPageState(page, 'the public header signed in', () =>
    expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible(),
  );
  await header.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);

  await openPage(page, '/about');
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'My account' })).toHaveCount(0);
});
