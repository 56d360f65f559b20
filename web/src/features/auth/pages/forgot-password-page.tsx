import { Anchor, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { forgotPasswordSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { EmailInput } from '../../../components/person-inputs';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useForgotPassword } from '../api';
import { AuthCard } from '../../../components/auth-card';
import { AuthForm } from '../components/auth-form';

/** /forgot-password: asks for a reset code, then moves on to /reset-password. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: '' }, ...zodForm(forgotPasswordSchema) });
  const request = useMutationForm(form, forgot, {
    onSuccess: (answer, { email }) => {
      notifySuccess(answer.message || MSG.resetSent);
      navigate(paths.resetPassword(email));
    },
  });

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your account's e-mail and we will send you a reset code."
    >
      <AuthForm {...request} submitLabel="Send reset code">
        <EmailInput {...form.getInputProps('email')} />
      </AuthForm>
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
