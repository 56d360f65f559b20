/**
 * The sign-up form's states (signup-page.tsx): a confirmation that does not match the password is
 * said (even while other fields are still empty) and nothing is sent; `?referral=` fills in the
 * referrer's ID. The journeys (e2e/auth.spec.ts, e2e/profile.spec.ts) sign up for real.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { SignupPage } from './signup-page';

/** Opens /signup with every sign-up it sends recorded in `sent` (none expected: answered 409). */
function openForm() {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '/api/auth/signup',
      recorded(sent, ({ response }) => response(409).json({ code: 'email_taken', message: 'not expected' })),
    ),
  );
  return { sent, ...renderScreen(<SignupPage />, { route: '/signup' }) };
}

describe('the sign-up form', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const { sent, user } = openForm();
    // pasted, not typed key by key: the form is long and re-renders on each key
    await user.click(screen.getByLabelText(/^Password/));
    await user.paste('Journey-pass-42');
    await user.click(screen.getByLabelText(/^Confirm password/));
    await user.paste('Journey-pass-42-other');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('asks for consent to the terms, the privacy notice and the risk disclosure, and sends nothing', async () => {
    const { sent, user } = openForm();
    const consent = screen.getByRole('checkbox', { name: /I accept the Terms and Conditions/ });
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.consentRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("fills in the referrer's ID from the link", () => {
    renderScreen(<SignupPage />, { route: '/signup?referral=AXE2CODE' });
    expect(screen.getByLabelText(/^Referral ID/)).toHaveValue('AXE2CODE');
  });
});
