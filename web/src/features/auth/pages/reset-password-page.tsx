import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { resetPasswordSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { EmailInput, NewPasswordInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useResetPassword } from '../api';
import { AuthCard, AuthSwitch } from '../../../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { OtpInput } from '../components/otp-input';

/** /reset-password?email=: the mailed code and a new password; then back to sign-in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { email: searchParams.get('email') ?? '', otp: '', newPassword: '', confirmPassword: '' },
    ...zodForm(resetPasswordSchema),
  });

  const request = useMutationForm(form, reset, {
    onSuccess: (answer) => {
      notifySuccess(answer.message || MSG.passwordReset);
      navigate(paths.signin);
    },
  });

  return (
    <AuthCard title="Reset password" description="Enter the code we e-mailed you and choose a new password.">
      <AuthForm {...request} submitLabel="Reset password">
        <EmailInput {...form.getInputProps('email')} />
        <OtpInput {...form.getInputProps('otp')} />
        <NewPasswordInput label="New password" {...form.getInputProps('newPassword')} />
        <NewPasswordInput label="Confirm password" {...form.getInputProps('confirmPassword')} />
      </AuthForm>
      <AuthSwitch question="Remembered it?" to={paths.signin}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}
