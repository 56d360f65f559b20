import { Alert, Anchor, Text } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatUsdText } from '@common/schemas/money';
import { paths } from '../../../config/paths';
import { clientLimitsQuery } from '../api';

/** "$1,234.00" from USD. */
const usd = (amount: number) => `$${formatUsdText(BigInt(Math.round(amount * 100)))}`;

/**
 * What the client may still withdraw (docs/security.md "Limits by verification level"): "You can
 * withdraw $X more today; verify your address to raise it", what is left of the 30 days, and a
 * link to the identity documents while they are not approved. Nothing while it loads or fails
 * (the server refuses what the caps refuse anyway).
 */
export function LimitsNotice() {
  const limits = useQuery(clientLimitsQuery).data;
  if (!limits) return null;
  const { withdrawal } = limits;
  return (
    <Alert
      color={limits.identityVerified ? 'blue' : 'orange'}
      variant="light"
      icon={<IconGauge size={18} aria-hidden />}
    >
      <Text size="sm" fw={700}>
        Your limits: {limits.title}
      </Text>
      <Text size="sm">{limits.message}</Text>
      {limits.identityVerified ? (
        <Text size="sm">
          Daily limit {usd(withdrawal.day.cap)}; {usd(withdrawal.month.left)} left of{' '}
          {usd(withdrawal.month.cap)} for 30 days.
        </Text>
      ) : (
        <Anchor component={Link} to={paths.account.verification} size="sm">
          Verify your identity
        </Anchor>
      )}
    </Alert>
  );
}
