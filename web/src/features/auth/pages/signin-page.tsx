import { Anchor, Checkbox, Group, PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { signinSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { EmailInput } from '../../../components/person-inputs';
import { brand } from '../../../content/brand';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { zodForm } from '../../../lib/zod-form';
import { useSignin } from '../api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { landingFor } from '../landing';

/**
 * /signin: e-mail and password; unconfirmed e-mails go on to verification, accounts
 * with two-factor authentication to /two-factor.
 */
export function SigninPage() {
  const navigate = useNavigate();
  const signin = useSignin();
  const failure = useFlashMessage(3000);
  const form = useForm({
    initialValues: { email: '', password: '', remember: true },
    ...zodForm(signinSchema),
  });

  const submit = form.onSubmit((credentials) => {
    failure.clear();
    signin.mutate(
      { ...credentials, remember: form.values.remember },
      {
        onSuccess: (outcome) =>
          navigate(
            outcome.kind === 'two-factor'
              ? paths.twoFactor
              : landingFor(outcome.user, false, outcome.twoFactorSetupRequired),
          ),
        onError: (error) => failure.show(errorMessage(error, MSG.errorOccurred)),
      },
    );
  });

  return (
    <AuthCard title="Sign in" description={`Welcome back to ${brand.name}.`}>
      <AuthForm onSubmit={submit} failure={failure.message} busy={signin.isPending} submitLabel="Sign In">
        <EmailInput {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </AuthForm>
      <Text size="sm" ta="center">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={paths.signup}>
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
