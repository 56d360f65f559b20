import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG, SECURITY_MSG } from '@common/messages';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useRequestWithdrawalCode } from '../api';

/** Seconds before another code can be asked for. */
const COOLDOWN_SECONDS = 60;

/** The e-mailed code: "Send code" e-mails it, then rests for a minute. */
function EmailedCodeField(props: TextInputProps) {
  const request = useRequestWithdrawalCode();
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown === 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const send = () =>
    request.mutate(undefined, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setCooldown(COOLDOWN_SECONDS);
      },
      onError: (error) => notifyError(errorMessage(error, MSG.emailSendFailed)),
    });

  let label = 'Send code';
  if (request.isPending) label = 'Sending...';
  else if (cooldown > 0) label = `Resend in ${cooldown}s`;

  return (
    <TextInput
      label="Confirmation code"
      description="We e-mail you a 6-digit code; it is valid for 10 minutes."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{input}</div>
          <Button variant="light" onClick={send} disabled={request.isPending || cooldown > 0} miw={128}>
            {label}
          </Button>
        </Group>
      )}
      {...props}
    />
  );
}

/**
 * The withdrawal's confirmation code (instead of an admin-set token: docs/product.md). Clients
 * with two-factor authentication type the current code of their authenticator app (the server
 * checks it as such, and refuses to e-mail them one); the others ask for an e-mailed 6-digit code
 * with "Send code", which rests for a minute after each code. Takes the form's input props.
 */
export function ConfirmationCodeField(props: TextInputProps) {
  const { user } = useSession();
  if (!user?.twoFactorEnabled) return <EmailedCodeField {...props} />;
  return (
    <TextInput
      label="Authenticator app code"
      description={SECURITY_MSG.useAuthenticator}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...props}
    />
  );
}
