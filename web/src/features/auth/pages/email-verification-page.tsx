import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { verifyEmailSchema } from '@common/schemas/auth';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useFlashMessage } from '../../../hooks/use-flash-message';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { zodForm } from '../../../lib/zod-form';
import { useResendOtp, useVerifyEmail } from '../api';
import { AuthCard } from '../components/auth-card';
import { OtpInput } from '../components/otp-input';

/** /email-verification: the signed-in user confirms their e-mail with the mailed code. */
export function EmailVerificationPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const failure = useFlashMessage();
  const form = useForm({ initialValues: { otp: '' }, ...zodForm(verifyEmailSchema) });

  const submit = form.onSubmit((values) => {
    failure.clear();
    verify.mutate(values, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || MSG.emailVerified);
        navigate(paths.account.home);
      },
      onError: (error) => failure.show(errorMessage(error, MSG.invalidOtp)),
    });
  });

  const resendEmail = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifySuccess(MSG.emailSent),
      onError: () => notifyError(MSG.emailSendFailed),
    });

  return (
    <AuthCard
      title="Verify your email"
      description={`Enter the 6-digit code we e-mailed to ${user?.email ?? 'you'}. It is valid for 10 minutes.`}
    >
      <FormErrorAlert message={failure.message} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <OtpInput {...form.getInputProps('otp')} />
          <Group grow gap="sm" wrap="wrap">
            <BusyButton type="submit" busy={verify.isPending}>
              Verify Email
            </BusyButton>
            <Button variant="default" onClick={resendEmail} disabled={resend.isPending}>
              {resend.isPending ? 'Sending...' : 'Resend Email'}
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Wrong account?{' '}
        <Anchor component={Link} to={paths.signin}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
