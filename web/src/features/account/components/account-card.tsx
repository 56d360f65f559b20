import { Badge, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accountNumber } from '@common/account-number';
import type { PublicUser } from '@common/types';
import { paths } from '../../../config/paths';
import { useAccountFigures, useAccountUser } from '../api';
import { LoadError } from '../../../components/load-error';
import { BorderedSection } from '../../../components/bordered-section';
import { AccountValueSummary } from './account-value-summary';

/** The short account number clients see ("K7Q2M-9XD4A", common/account-number.ts); the id stays internal. */
export function accountId(user: Pick<PublicUser, '_id'>): string {
  return accountNumber(user._id);
}

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount with the user's currency symbol, e.g. `$1,234.50` (a minus sign before the symbol). */
export function formatMoney(value: number, symbol: string): string {
  return `${value < 0 ? '−' : ''}${symbol}${amount.format(Math.abs(value))}`;
}

/**
 * Plan, name, e-mail, account id, the account value with its three parts (AccountValueSummary), and
 * the Withdraw and Deposit buttons.
 */
export function AccountCard() {
  const user = useAccountUser();
  const figures = useAccountFigures();
  const symbol = user.data?.account.currencySymbol || '$';

  return (
    <BorderedSection
      aria-labelledby={user.data ? 'account-card-title' : undefined}
      aria-label={user.data ? undefined : 'Your account'}
    >
      <Stack gap="md">
        {user.error && !user.data ? (
          <LoadError what="your account" error={user.error} onRetry={() => void user.refetch()} />
        ) : !user.data ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={20} width={90} radius="xl" />
            <Skeleton height={22} width="60%" />
            <Skeleton height={14} width="70%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
              {/* a long name wraps, breaking a long word where it must, beside the plan badge */}
              <Text
                id="account-card-title"
                fw={700}
                fz="lg"
                component="h2"
                m={0}
                miw={0}
                style={{ overflowWrap: 'anywhere' }}
              >
                {user.data.firstName} {user.data.lastName}
              </Text>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                <VisuallyHidden>Account plan: </VisuallyHidden>
                {user.data.account.accountPlan}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.data.email}
            </Text>
            <Text size="sm">
              Account number:{' '}
              <Text span ff="monospace" fw={600} data-testid="account-number">
                {accountId(user.data)}
              </Text>
            </Text>
          </Stack>
        )}

        {figures.error && !figures.data ? (
          <LoadError what="your account value" error={figures.error} onRetry={() => void figures.refetch()} />
        ) : figures.data ? (
          <AccountValueSummary figures={figures.data} money={(usd) => formatMoney(usd, symbol)} />
        ) : (
          <Stack gap={6} aria-hidden>
            <Skeleton height={14} width={100} />
            <Skeleton height={36} width={180} />
            <Skeleton height={40} />
          </Stack>
        )}

        <Group grow gap="sm">
          <Button
            component={Link}
            to={paths.account.withdrawal()}
            variant="default"
            leftSection={<IconArrowUpRight size={18} aria-hidden />}
          >
            Withdraw
          </Button>
          <Button
            component={Link}
            to={paths.account.deposit()}
            leftSection={<IconArrowDownLeft size={18} aria-hidden />}
          >
            Deposit
          </Button>
        </Group>
      </Stack>
    </BorderedSection>
  );
}
