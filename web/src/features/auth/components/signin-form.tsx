import { Alert, Anchor, Checkbox, Group } from '@mantine/core';
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { signinSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { CurrentPasswordInput, EmailInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { peekReturn, takeReturn } from '../../../lib/session-return';
import { zodForm } from '../../../lib/zod-form';
import { useSignin } from '../api';
import { ADMIN_HOME, landingFor } from '../landing';
import { AuthForm } from './auth-form';

interface SigninFormProps {
  /** The admin login: the e-mail is the staff user name, and there is no remember-me row. */
  asAdmin?: boolean;
  submitLabel: string;
}

/**
 * The e-mail and password form of /signin and /admin/login (whose error banner hides after 3 s);
 * the e-mail field has focus when the page opens, so a keyboard user types at once.
 * Accounts with two-factor authentication go on to /two-factor; the others open on their landing page.
 */
export function SigninForm({ asAdmin = false, submitLabel }: SigninFormProps) {
  const navigate = useNavigate();
  const signin = useSignin({ asAdmin });
  // a session that ended elsewhere in this tab (a 401): said once, and its page opened again after
  const [ended] = useState(() => peekReturn()?.ended === true);
  const form = useForm({
    // a client opts in to staying signed in (unchecked: this tab only); the staff login has no row
    initialValues: { email: '', password: '', remember: asAdmin },
    ...zodForm(signinSchema),
  });
  const request = useMutationForm(form, signin, {
    // `remember` as checked: where the browser keeps the session, and whether the server ends it
    // after SESSION_IDLE_MINUTES idle (docs/security.md "Sessions and devices")
    variables: (credentials) => ({ ...credentials, remember: form.values.remember }),
    onSuccess: (outcome) => {
      if (outcome.kind === 'two-factor') return navigate(paths.twoFactor);
      const landing = landingFor(outcome.user, asAdmin, outcome.twoFactorSetupRequired);
      // back to the page the ended session left, unless the landing must come first
      const back = takeReturn(asAdmin);
      const usual = landing === paths.account.home || landing === ADMIN_HOME;
      navigate(back && usual ? back : landing);
    },
    failureMs: 3000,
  });

  return (
    <AuthForm {...request} submitLabel={submitLabel}>
      {ended && (
        <Alert color="blue" role="status" title="Your session ended; sign in again">
          You will go back to the page you were on.
        </Alert>
      )}
      {/* the page's one task: the e-mail field has focus on arrival, before the header's links */}
      <EmailInput autoComplete={asAdmin ? 'username' : 'email'} autoFocus {...form.getInputProps('email')} />
      <CurrentPasswordInput {...form.getInputProps('password')} />
      {!asAdmin && (
        <Group justify="space-between" gap="xs">
          <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
      )}
    </AuthForm>
  );
}
