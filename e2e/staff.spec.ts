/**
 * Staff management journey: the demo owner invites a support member at /admin/staff (listed as
 * Invited) and sends them a fresh link; the newest e-mail's link opens /admin/invitation, where the
 * member sets a password and is sent to the admin login with a success message; the member signs in to the back office. The owner then deactivates
 * the member (asked first), and the member's open session ends. axe on the
 * invitation form (the staff page's is in a11y-routes.spec.ts).
 */
import { STAFF_MSG } from '@common/messages';
import { expect, MAIL_WAIT, test } from './fixtures';
import { ADMIN, checkPageState, newBrowserPage, signIn, submitAfterMismatch } from './journey';

const PASSWORD = 'Invited#2026pass';

test('the owner invites a support member, who sets a password with the e-mailed link and signs in', async ({
  browser,
  readMail,
}) => {
  const email = `staff.${Date.now().toString(36)}@example.com`;

  const owner = await newBrowserPage(browser);
  await signIn(owner, ADMIN, true);
  await owner.goto('/admin/staff');
  await expect(owner.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await owner.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Supi');
  await dialog.getByLabel('Last name').fill('Porter');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`${STAFF_MSG.invited}: ${email}`)).toBeVisible();
  const row = owner.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('combobox', { name: 'Role of Supi Porter' })).toHaveValue('Support');
  await expect(row.getByText('Never')).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(owner.getByRole('table', { name: 'Staff members' })).toBeVisible();

  // A fresh link (asked first) replaces the first one; the newest mail carries it.
  const linkIn = async () =>
    /https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec((await readMail(email)).text)?.[0];
  const first = await linkIn();
  expect(first).toBeTruthy();
  await row.getByRole('button', { name: 'Resend invitation' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Send new link' }).click();
  await expect(owner.getByText(STAFF_MSG.invitationResent)).toBeVisible();
  await expect.poll(linkIn, MAIL_WAIT).not.toBe(first);
  const link = await linkIn();

  // The e-mailed link sets the password, then leads to the admin login.
  const member = await newBrowserPage(browser);
  const url = new URL(link!);
  await member.goto(url.pathname + url.search);
  await checkPageState(member, 'invitation page', async () => {
    await expect(member.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  });
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitAfterMismatch(member, {
    confirmLabel: 'Confirm password',
    password: PASSWORD,
    submit: 'Set password',
  });
  await expect(member).toHaveURL(/\/admin\/login$/);
  await expect(member.getByText(STAFF_MSG.invitationAccepted)).toBeVisible();

  // The member signs in to the back office.
  await signIn(member, { email, password: PASSWORD }, true);

  // The owner deactivates them (asked first); the member's session ends.
  await owner.reload();
  const again = owner.getByRole('row').filter({ hasText: email });
  await expect(again.getByText('Active', { exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Deactivate' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(again.getByText('Deactivated')).toBeVisible();
  await member.reload();
  await expect(member).toHaveURL(/\/admin\/login/);
});
