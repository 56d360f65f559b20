import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MSG, SECURITY_MSG } from '@common/messages';
import { pendingButtonProps } from '../../../hooks/use-focus-after-removal';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useRequestWithdrawalCode, type WithdrawalCodeRequest } from '../api';

/** Seconds before another code can be asked for. */
const COOLDOWN_SECONDS = 60;

interface CodeFieldProps extends TextInputProps {
  /**
   * The withdrawal the code is for, from the form (its fields checked first), or null when a field
   * is missing or wrong (the form then shows why and no code is sent).
   */
  codeRequest: () => WithdrawalCodeRequest | null;
}

/**
 * The e-mailed code: "Send code" e-mails one for the form's withdrawal, then rests for a minute. The
 * button keeps focus while the request runs; once the code is sent, focus goes to the field the code
 * is typed in (the resting button is disabled and would drop it to the page body).
 */
function EmailedCodeField({ codeRequest, ...props }: CodeFieldProps) {
  const request = useRequestWithdrawalCode();
  const [cooldown, setCooldown] = useState(0);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (cooldown === 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const send = () => {
    if (request.isPending) return;
    const body = codeRequest();
    if (!body) return;
    request.mutate(body, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setCooldown(COOLDOWN_SECONDS);
        field.current?.focus();
      },
      onError: (error) => notifyError(errorMessage(error, MSG.emailSendFailed)),
    });
  };

  let label = 'Send code';
  if (request.isPending) label = 'Sending...';
  else if (cooldown > 0) label = `Resend in ${cooldown}s`;

  return (
    <TextInput
      ref={field}
      label="Confirmation code"
      description="Fill in the amount and destination first: we e-mail you a 6-digit code for this withdrawal, valid for 10 minutes. Changing them afterwards needs a new code."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{input}</div>
          <Button
            variant="light"
            onClick={send}
            disabled={cooldown > 0}
            {...pendingButtonProps(request.isPending)}
            miw={128}
          >
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
 * for the withdrawal the form holds with "Send code", which rests for a minute after each code.
 * Takes the form's input props and `codeRequest`.
 */
export function ConfirmationCodeField({ codeRequest, ...props }: CodeFieldProps) {
  const { user } = useSession();
  if (!user?.twoFactorEnabled) return <EmailedCodeField codeRequest={codeRequest} {...props} />;
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
