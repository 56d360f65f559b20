/**
 * Profile and referral journeys: a verified client edits the name, uploads a photo (the header
 * avatar shows it), changes the password (and signs in with the new one) and uploads identity
 * documents (status pending, upload no longer offered), which an operator finds from the dashboard
 * in the users list filtered to pending checks; referrals: the link is copied, a second
 * client signs up through it and appears masked; the same client's upgrade dialog leads to support
 * with the message pre-filled. axe on the states a11y-routes.spec.ts's sweep does not
 * reach (documents pending, referrals with a friend) and on the upgrade dialog; the profile's tabs,
 * the referrals and upgrade pages and the users list are in the sweep.
 * Every journey uses fresh clients, so the demo accounts stay as they are for the other journeys.
 */
import sharp from 'sharp';
import { BASE_URL } from './env';
import { expect, test } from './fixtures';
import {
  ADMIN,
  checkPageState,
  expectNoSeriousViolations,
  fillSignUpForm,
  newBrowserPage,
  type ReadMail,
  signIn,
  type SignUp,
  signUpVerified,
  typeEmailCode,
} from './journey';

const PASSWORD = 'Profile-pass-42';
let seq = 0;
const freshEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

/** A new verified client (signed up and confirmed through the API); answers the e-mail. */
async function createVerifiedClient(readMail: ReadMail, firstName = 'Pat'): Promise<string> {
  const email = freshEmail(firstName.toLowerCase());
  await signUpVerified(readMail, {
    firstName,
    lastName: 'Profile',
    email,
    phone: '+1 555 0142',
    password: PASSWORD,
    gender: 'other',
    country: 'United States',
  });
  return email;
}

const image = (background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 48, height: 48, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

test('a verified client edits the profile, uploads a photo, changes the password and uploads KYC documents', async ({
  page,
  browser,
  readMail,
}) => {
  const email = await createVerifiedClient(readMail);
  await signIn(page, { email, password: PASSWORD });
  await page.getByRole('link', { name: 'My profile', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(`Email\\s+${email.replace(/\./g, '\\.')}`) }),
  ).toBeVisible();

  // edit profile: gender is disabled, country defaults to the stored one
  await page.getByRole('tab', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('combobox', { name: 'Gender' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  await page.getByLabel('First name').fill('Renamed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText('Hi, Renamed')).toBeVisible();

  // photo: too large is refused in the browser; a PNG is uploaded and shown in the header
  await page.getByRole('tab', { name: 'Update Photo' }).click();
  const photoInput = page.locator('input[type=file]');
  await photoInput.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2_000_001, 1),
  });
  await expect(page.getByText("Image shouldn't be more than 2mb!")).toBeVisible();
  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await image('#2266aa') });
  await expect(page.getByRole('img', { name: 'Chosen profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Profile picture updated successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My profile', exact: true }).locator('img')).toHaveAttribute(
    'src',
    /^blob:/,
  );

  // password: changed, then sign in with the new one (a mismatch and a wrong old password are
  // change-password-form.test.tsx's)
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const newPassword = 'Changed-pass-77';
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Logout' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, { email, password: newPassword });

  // verification: front required, then pending and no more upload form
  await page.goto('/account/profile?tab=verification');
  await expect(page.getByText('Not verified').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload documents' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Passport' }).click();
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('State').fill('Texas');
  await page.getByRole('button', { name: 'Upload documents' }).click();
  await expect(page.getByText('Please select a document', { exact: true })).toBeVisible();
  const files = page.getByRole('tabpanel').locator('input[type=file]');
  await files
    .nth(0)
    .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await image('#884422', 'jpeg') });
  await files
    .nth(1)
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await image('#448822') });
  await page.getByRole('button', { name: 'Upload documents' }).click();
  await expect(page.getByText('Verification uploaded successfully')).toBeVisible();
  await expect(page.getByText('Pending review').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload documents' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Front of the submitted document' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await checkPageState(page, 'documents pending', () =>
    expect(page.getByText('Pending review').first()).toBeVisible(),
  );

  // the stored user was refreshed: the profile tab shows the new name and status after a reload
  await page.goto('/account/profile');
  await expect(page.getByRole('row', { name: /Full name\s+Renamed Profile/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Identity verification\s+Pending review/ })).toBeVisible();

  // an operator finds the waiting check: the dashboard links to the users list filtered to it
  const staff = await newBrowserPage(browser);
  await signIn(staff, ADMIN, true);
  await staff.goto('/admin/dashboard');
  const waiting = staff.getByRole('region', { name: 'Overview' });
  await waiting.getByRole('link', { name: 'Review: Identity checks waiting' }).click();
  await expect(staff).toHaveURL(/\/admin\/users\?verification=pending$/);
  await expect(staff.getByRole('combobox', { name: 'Verification' })).toHaveValue('Pending review');
  const row = staff.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Pending review');
  const rows = staff.getByRole('row');
  for (let i = 1; i < (await rows.count()); i++) await expect(rows.nth(i)).toContainText('Pending review');
  await staff.context().close();
});

test('a client shares the referral link, a friend signs up through it and appears masked; the upgrade dialog leads to support', async ({
  page,
  browser,
  context,
  readMail,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await createVerifiedClient(readMail, 'Rita');
  await signIn(page, { email, password: PASSWORD });
  await page.getByRole('link', { name: 'Referrals' }).first().click();
  await expect(page).toHaveURL(/\/account\/referrals$/);
  await expect(page.getByText('No referred clients yet')).toBeVisible();
  await expect(page.getByText('Nobody — you signed up directly')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy referral link' }).click();
  await expect(page.getByText('Referral link copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await expect(page.getByRole('textbox', { name: 'Referral link' })).toHaveValue(link);
  const referralId = new URL(link).searchParams.get('referral');
  expect(link).toMatch(/\/signup\?referral=[A-Z0-9]+$/);
  await expect(page.getByText(referralId!, { exact: true })).toBeVisible();

  // a second visitor follows the link in another browser and registers
  const other = await browser.newContext();
  const visitor = await other.newPage();
  const friend = freshEmail('bea');
  const { pathname, search } = new URL(link);
  await visitor.goto(`${BASE_URL}${pathname}${search}`);
  await expect(visitor.getByLabel('Referral ID (optional)')).toHaveValue(referralId!);
  const friendForm: SignUp = {
    firstName: 'Bea',
    lastName: 'Referred',
    email: friend,
    phone: '+1 555 0177',
    gender: 'female',
    country: 'Kosovo',
    password: PASSWORD,
  };
  await fillSignUpForm(visitor, friendForm);
  await visitor.getByLabel('Confirm password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Register' }).click();
  await typeEmailCode(visitor, readMail, friend);
  // the friend sees who referred them
  await visitor.goto(`${BASE_URL}/account/referrals`);
  await expect(visitor.getByText(`Rita Profile (${email})`)).toBeVisible();
  await other.close();

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'b***@example.com' });
  await expect(row).toHaveCount(1);
  await expect(page.getByText(friend)).toHaveCount(0);
  await checkPageState(page, 'referrals with a friend', () => expect(row).toBeVisible());

  // the same client asks for an upgrade: the dialog leads to support with the request pre-filled
  await page.getByRole('link', { name: 'Upgrade Account' }).first().click();
  await expect(page).toHaveURL(/\/account\/upgrade-account$/);
  for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum']) {
    await expect(page.getByRole('heading', { level: 2, name: tier })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Starter' })).toHaveCount(0);
  const gold = page.getByRole('region', { name: 'Gold' });
  await expect(gold.getByText('$50,000')).toBeVisible();
  await expect(gold.getByText('Results posted by our trading desk, losses included')).toBeVisible();
  await expect(gold).not.toContainText(/pips|leverage/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Account' })).toBeVisible();

  await page.getByRole('button', { name: 'Upgrade to Gold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Gold' });
  await expect(dialog.getByText('To upgrade your account, please contact our support team.')).toBeVisible();
  await expectNoSeriousViolations(page, 'upgrade dialog');
  await dialog.getByRole('link', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/account\/support\?message=/);
  const message = new URL(page.url()).searchParams.get('message');
  expect(message).toBe('Hello, I would like to upgrade my account to the Gold package.');
});
