import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { verifyEmailSchema } from '@common/schemas/auth';
import { paths } from '../../../config/paths';
import { BusyButton } from '../../../components/busy-button';
import { FocusStatus, useFocusStatus } from '../../../components/focus-status';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { pendingButtonProps } from '../../../hooks/use-focus-after-removal';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { zodForm } from '../../../lib/zod-form';
import { useResendOtp, useVerifyEmail } from '../api';
import { AuthCard, AuthSwitch } from '../../../components/auth-card';
import { OtpInput } from '../components/otp-input';

/**
 * /email-verification: the signed-in user confirms their e-mail with the mailed code. "Resend
 * Email" keeps focus while it runs and then puts it on the status saying the mail was sent (a
 * failure is toasted and focus stays on the button).
 */
export function EmailVerificationPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const resent = useFocusStatus();
  const form = useForm({ initialValues: { otp: '' }, ...zodForm(verifyEmailSchema) });

  const request = useMutationForm(form, verify, {
    onSuccess: (answer) => {
      notifySuccess(answer.message || MSG.emailVerified);
      navigate(paths.account.home);
    },
    fallback: MSG.invalidOtp,
  });

  const resendEmail = () => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => resent.show(MSG.emailSent),
      onError: () => notifyError(MSG.emailSendFailed),
    });
  };

  return (
    <AuthCard
      title="Verify your email"
      description={`Enter the 6-digit code we e-mailed to ${user?.email ?? 'you'}. It is valid for 10 minutes.`}
    >
      <FormErrorAlert message={request.failure} />
      <form onSubmit={request.onSubmit} noValidate>
        <Stack gap="md">
          <OtpInput {...form.getInputProps('otp')} />
          <Group grow gap="sm" wrap="wrap">
            <BusyButton type="submit" busy={request.busy}>
              Verify Email
            </BusyButton>
            <Button variant="default" onClick={resendEmail} {...pendingButtonProps(resend.isPending)}>
              {resend.isPending ? 'Sending...' : 'Resend Email'}
            </Button>
          </Group>
          <FocusStatus status={resent} c="teal.9" ta="center" />
        </Stack>
      </form>
      <AuthSwitch question="Wrong account?" to={paths.signin}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}
