import { Alert, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MSG } from '@common/messages';
import { SECURITY_HOLD_MSG } from '@common/schemas/security-holds';
import { BusyButton } from '../../../components/busy-button';
import { AuthCard } from '../../../components/auth-card';
import { errorMessage } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { useThisWasntMe } from '../api';

/**
 * /this-wasnt-me?token=: the link of a security change's e-mail (docs/security.md "Holds after
 * security changes"). Opening it changes nothing (a mail scanner may open it); the owner confirms,
 * and the account is locked and signed out everywhere, this browser included. A link without a
 * token, or one the server refuses (used, expired), says so.
 */
export function ThisWasntMePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const lock = useThisWasntMe();
  const confirm = () => lock.mutate(token, { onSuccess: () => clearSession() });
  const failure = !token
    ? SECURITY_HOLD_MSG.linkInvalid
    : lock.isError
      ? errorMessage(lock.error, MSG.errorOccurred)
      : null;

  return (
    <AuthCard
      title="This wasn't me"
      description="Someone changed the security of your account, or signed in from a new device, and you did not."
      width={520}
    >
      {lock.isSuccess ? (
        <Alert color="green" title="Account locked">
          {lock.data.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Locking your account stops everyone, you included, from signing in, and signs out every session at
            once. Withdrawals stay paused. Our support team will then contact you to check who you are and
            restore your access.
          </Text>
          {failure && (
            <Alert color="red" title="This link does not work">
              {failure}
            </Alert>
          )}
          {token && (
            <BusyButton color="red.8" busy={lock.isPending} onClick={confirm}>
              Lock my account
            </BusyButton>
          )}
        </>
      )}
    </AuthCard>
  );
}
