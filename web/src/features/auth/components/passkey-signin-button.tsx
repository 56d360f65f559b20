import { Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { usePasskeySignin } from '../api';
import { landingFor } from '../landing';
import type { PendingChallenge } from '../pending-challenge';

/**
 * "Sign in with a passkey" (docs/security.md "Passkeys"): the browser asks for one of the account's
 * passkeys (fingerprint, face or device PIN) and the session opens on the account's landing page.
 * With `pending` it answers a password sign-in's second step instead of a code. A refusal or a
 * cancelled request shows above the button; `onExpired` is told when the sign-in step has ended.
 */
export function PasskeySigninButton({
  asAdmin = false,
  pending,
  label = 'Sign in with a passkey',
  onExpired,
}: {
  asAdmin?: boolean;
  pending?: PendingChallenge | null;
  label?: string;
  onExpired?: (message: string) => void;
}) {
  const navigate = useNavigate();
  const signin = usePasskeySignin();
  const [failure, setFailure] = useState<string | null>(null);
  const run = () => {
    setFailure(null);
    signin.mutate(
      { asAdmin, pending },
      {
        onSuccess: (session) =>
          navigate(landingFor(session.user, pending?.asAdmin ?? asAdmin, session.twoFactorSetupRequired), {
            replace: true,
          }),
        onError: (error) => {
          const message = errorMessage(error, MSG.errorOccurred);
          if (onExpired && (error as { code?: string }).code === 'sign_in_expired') onExpired(message);
          else setFailure(message);
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <FormErrorAlert message={failure} />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={signin.isPending}
        onClick={run}
      >
        {label}
      </Button>
    </Stack>
  );
}
