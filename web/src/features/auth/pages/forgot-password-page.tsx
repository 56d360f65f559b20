import { Anchor, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { forgotPasswordSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useForgotPassword } from '../api';
import { AuthCard } from '../components/auth-card';

/** /forgot-password (seed §2.6): asks for a reset code, then moves on to /reset-password. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const failure = useFlashMessage();
  const form = useForm({ initialValues: { email: '' }, ...zodForm(forgotPasswordSchema) });

  const submit = form.onSubmit(({ email }) => {
    failure.clear();
    forgot.mutate(
      { email },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message || MSG.resetSent);
          navigate(paths.resetPassword(email));
        },
        onError: (error) => failure.show(errorMessage(error, MSG.errorOccurred)),
      },
    );
  });

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your account's e-mail and we will send you a reset code."
    >
      <FormErrorAlert message={failure.message} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <BusyButton type="submit" fullWidth busy={forgot.isPending}>
            Send reset code
          </BusyButton>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={paths.signin} size="sm">
          Back to sign in
        </Anchor>
        <Anchor component={Link} to={paths.signup} size="sm">
          Create an account
        </Anchor>
      </Group>
    </AuthCard>
  );
}
