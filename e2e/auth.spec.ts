/**
 * Sign-up and sign-in journeys: a visitor signs up (accepting the terms, the privacy notice and the
 * risk disclosure), goes straight to the e-mail code screen without typing the password again,
 * verifies the e-mailed code, lands in the account area, signs out and back in; the admin signs in at /admin/login; an unknown path says
 * the page is not found and links the home page, which then takes focus on its h1. The sign-in
 * and sign-up forms' own states (a missing password, a confirmation that does not match, the busy
 * button, a wrong password's message hiding after 3 s) are web component tests (signin-form.test.tsx,
 * signup-page.test.tsx in web/src/features/auth).
 */
import { expect, test } from './fixtures';
import { checkPageState, fillSignUpForm, type SignUp, typeEmailCode } from './journey';

const password = 'Journey-pass-42';

test('client signs up, goes straight to the e-mailed code, signs out and signs in again', async ({
  page,
  readMail,
}) => {
  const email = `journey.${Date.now()}@example.com`;
  const form: SignUp = {
    firstName: 'Jamie',
    lastName: 'Journey',
    email,
    phone: '+1 555 0199',
    gender: 'female',
    country: 'Kosovo',
    password,
  };
  await page.goto('/signup');
  await fillSignUpForm(page, form);
  await page.getByLabel('Confirm password').fill(password);
  const consent = page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ });
  await expect(consent).toBeChecked();
  for (const [name, href] of [
    ['Terms and Conditions', '/terms-and-conditions'],
    ['Privacy Policy', '/privacy-policy'],
    ['risk disclosure', '/terms-and-conditions#plans-and-risk'],
  ])
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  await checkPageState(page, 'sign-up form with the consent', () => expect(consent).toBeVisible());
  await page.getByRole('button', { name: 'Register' }).click();
  // no second typing of the e-mail and password: the code screen, signed in
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(
    page.getByText(`Enter the 6-digit code we e-mailed to ${email}.`, { exact: false }),
  ).toBeVisible();
  await checkPageState(page, 'e-mail code screen after sign-up', () =>
    expect(page.getByRole('button', { name: 'Verify Email' })).toBeVisible(),
  );
  await typeEmailCode(page, readMail, email);
  await expect(page.getByText(/Jamie/).first()).toBeVisible();

  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/account/home');
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});

test('admin signs in at /admin/login and lands on /admin/users; a client is refused', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('client@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Client#2026demo');
  await page.getByRole('button', { name: /^(sign in|login)$/i }).click();
  await expect(page.getByText('You are not an admin')).toBeVisible();

  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Admin#2026demo');
  await page.getByRole('button', { name: /^(sign in|login)$/i }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('an unknown path says the page is not found and leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found · /);
  await expect(page.getByText('There is no page at /no/such/page on this site.')).toBeVisible();
  await expect(page.getByRole('link', { name: /get started/i }).first()).toHaveAttribute('href', '/signup');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  // a route change moves focus to the new page's h1 and announces its title
  await expect(page.locator('h1')).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText(await page.title());
});
