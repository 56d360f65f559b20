import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { resetPasswordSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useResetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { OtpInput } from '../components/otp-input';

/** /reset-password?email= (seed §2.6): the mailed code and a new password; then back to sign-in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const failure = useFlashMessage();
  const form = useForm({
    initialValues: { email: searchParams.get('email') ?? '', otp: '', newPassword: '', confirmPassword: '' },
    ...zodForm(resetPasswordSchema),
  });

  const submit = form.onSubmit((values) => {
    failure.clear();
    reset.mutate(values, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || MSG.passwordReset);
        navigate(paths.signin);
      },
      onError: (error) => failure.show(errorMessage(error, MSG.errorOccurred)),
    });
  });

  return (
    <AuthCard title="Reset password" description="Enter the code we e-mailed you and choose a new password.">
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
          <OtpInput {...form.getInputProps('otp')} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <BusyButton type="submit" fullWidth busy={reset.isPending}>
            Reset password
          </BusyButton>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.signin}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
