/**
 * The sign-in form's states (signin-form.tsx): "Remember me" off by default, a missing password
 * refused before sending, the button busy while the request is out, and the server's refusal in a
 * banner that hides itself after 3 s. The journeys (e2e/auth.spec.ts) sign in for real.
 */
import { screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { gate, recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { SigninForm } from './signin-form';

/** Answers the sign-in with 401 "Invalid email or password" once `before` settles; counts the calls. */
function refuseSignin(before?: Promise<void>) {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '/api/auth/signin',
      recorded(
        sent,
        ({ response }) =>
          response(401).json({ code: 'invalid_credentials', message: MSG.invalidCredentials }),
        before,
      ),
    ),
  );
  return sent;
}

/** The client's sign-in form at /signin; its fields and button. */
function open() {
  const view = renderScreen(<SigninForm submitLabel="Sign in" />, { route: '/signin' });
  return {
    ...view,
    email: screen.getByLabelText(/^Email/),
    password: screen.getByLabelText(/^Password/),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('the sign-in form', () => {
  it('leaves "Remember me" off and asks for the password, sending nothing', async () => {
    const sent = refuseSignin();
    const { user, email, submit } = open();
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    await user.type(email, 'client@demo.test');
    await user.click(submit);
    expect(await screen.findByText('Password is required')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the button busy, then the server message, which hides after 3 s', async () => {
    const answer = gate();
    const sent = refuseSignin(answer.held);
    const { user, email, password, submit } = open();
    await user.type(email, 'client@demo.test');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveTextContent('Loading...');
    answer.open();
    const banner = await screen.findByText(MSG.invalidCredentials);
    expect(submit).toBeEnabled();
    expect(sent).toMatchObject([{ email: 'client@demo.test', password: 'wrong-password' }]);
    await waitForElementToBeRemoved(banner, { timeout: 5_000 });
  });
});
