import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  holdEndText,
  SECURITY_HOLD_CAUSE_LABELS,
  SECURITY_HOLD_REASONS,
} from '@common/schemas/security-holds';
import { clientSecurityHoldQuery, currentSecurityHoldQuery } from '../lib/security-hold-queries';

/**
 * The hold on withdrawals after a security change (docs/security.md "Holds after security
 * changes"), shown only while there is one: to the client (their own: why, and what to do if it was
 * not them) on the withdrawal forms and in the security settings, or, with `clientId`, to staff on
 * the client's page (the cause and when). The end is in both. Nothing while it loads, fails or
 * there is no hold.
 */
export function SecurityHoldAlert({ clientId }: { clientId?: string }) {
  const hold = useQuery(clientId ? clientSecurityHoldQuery(clientId) : currentSecurityHoldQuery).data;
  if (!hold) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} aria-hidden />}>
      <Text size="sm" fw={700}>
        Withdrawals paused until {holdEndText(hold.endsAt)}
      </Text>
      <Text size="sm">
        {clientId
          ? `${SECURITY_HOLD_CAUSE_LABELS[hold.cause]} on ${holdEndText(hold.startsAt)}: withdrawals and withdrawal codes are refused until the hold ends.`
          : `Because ${SECURITY_HOLD_REASONS[hold.cause]} on ${holdEndText(hold.startsAt)}. This protects your money if someone else made the change; if you did not, use the "This wasn't me" link in the e-mail we sent you.`}
      </Text>
    </Alert>
  );
}
