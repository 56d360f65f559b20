/**
 * The change-password tab's states (change-password-form.tsx): a confirmation that does not match
 * stops the request, the server's refusal (a wrong old password) shows in the form's banner, and a
 * change that succeeds empties the fields. The journey (e2e/profile.spec.ts) changes the password
 * for real and signs in with the new one.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { ChangePasswordForm } from './change-password-form';

const NEW_PASSWORD = 'Changed-pass-77';

/** Answers the change with `old` as the right old password; records what was sent. */
function passwords(old: string) {
  const sent: { oldPassword: string; newPassword: string }[] = [];
  server.use(
    http.post('/api/auth/change-password', async ({ request, response }) => {
      const body = await request.json();
      sent.push(body);
      return body.oldPassword === old
        ? response(200).json({ message: MSG.passwordChanged })
        : response(400).json({ code: 'wrong_old_password', message: MSG.wrongOldPassword });
    }),
  );
  return sent;
}

/** The form; fills the old and new passwords and the confirmation, then presses Change password. */
function open() {
  const view = renderScreen(<ChangePasswordForm />, { route: '/account/profile?tab=change-password' });
  const change = async (old: string, confirm: string) => {
    await view.user.type(screen.getByLabelText(/^Old password/), old);
    await view.user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await view.user.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
  };
  return { ...view, change };
}

describe('the change-password form', () => {
  it('sends nothing while the confirmation does not match', async () => {
    const sent = passwords('Profile-pass-42');
    const { change } = open();
    await change('Profile-pass-42', `${NEW_PASSWORD}-other`);
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal of a wrong old password in the banner", async () => {
    const sent = passwords('Profile-pass-42');
    const { change } = open();
    await change('wrong-old-password', NEW_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.wrongOldPassword);
    expect(sent).toEqual([{ oldPassword: 'wrong-old-password', newPassword: NEW_PASSWORD }]);
  });

  it('says the change succeeded and empties the fields', async () => {
    passwords('Profile-pass-42');
    const { change } = open();
    await change('Profile-pass-42', NEW_PASSWORD);
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Old password/)).toHaveValue(''));
  });
});
