import { Anchor, PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { resetPasswordSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { EmailInput } from '../../../components/person-inputs';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useResetPassword } from '../api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { OtpInput } from '../components/otp-input';

/** /reset-password?email=: the mailed code and a new password; then back to sign-in. */
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
      <AuthForm
        onSubmit={submit}
        failure={failure.message}
        busy={reset.isPending}
        submitLabel="Reset password"
      >
        <EmailInput {...form.getInputProps('email')} />
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
      </AuthForm>
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.signin}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
