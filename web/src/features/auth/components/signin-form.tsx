import { Anchor, Checkbox, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { signinSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { CurrentPasswordInput, EmailInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { zodForm } from '../../../lib/zod-form';
import { useSignin } from '../api';
import { landingFor } from '../landing';
import { AuthForm } from './auth-form';

interface SigninFormProps {
  /** The admin login: the e-mail is the staff user name, and there is no remember-me row. */
  asAdmin?: boolean;
  submitLabel: string;
}

/**
 * The e-mail and password form of /signin and /admin/login (whose error banner hides after 3 s).
 * Accounts with two-factor authentication go on to /two-factor; the others open on their landing page.
 */
export function SigninForm({ asAdmin = false, submitLabel }: SigninFormProps) {
  const navigate = useNavigate();
  const signin = useSignin({ asAdmin });
  const form = useForm({
    // a client opts in to staying signed in (unchecked: this tab only); the staff login has no row
    initialValues: { email: '', password: '', remember: asAdmin },
    ...zodForm(signinSchema),
  });
  const request = useMutationForm(form, signin, {
    // `remember` as checked: where the browser keeps the session, and whether the server ends it
    // after SESSION_IDLE_MINUTES idle (docs/security.md "Sessions and devices")
    variables: (credentials) => ({ ...credentials, remember: form.values.remember }),
    onSuccess: (outcome) =>
      navigate(
        outcome.kind === 'two-factor'
          ? paths.twoFactor
          : landingFor(outcome.user, asAdmin, outcome.twoFactorSetupRequired),
      ),
    failureMs: 3000,
  });

  return (
    <AuthForm {...request} submitLabel={submitLabel}>
      <EmailInput autoComplete={asAdmin ? 'username' : 'email'} {...form.getInputProps('email')} />
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
