import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLAN_LABELS } from '@common/constants';
import { paths } from '../../../config/paths';
import { useAccountFigures, useActivePlan, useAccountUser } from '../api';

/**
 * The welcome line for where the client stands, from the figures and plan the dashboard already
 * loads (the same cached queries): an active plan, money in the account (an available balance or
 * any approved deposit), or nothing yet ("fund your account"). Nothing until the figures arrive, so
 * a funded client never reads "fund your account" first.
 */
function useWelcomeText(): string | null {
  const figures = useAccountFigures();
  const plan = useActivePlan();
  if (!figures.data || plan.isPending) return null;
  if (plan.data)
    return `Your ${PLAN_LABELS[plan.data.plan]} plan is active. Follow its results in your trading activity.`;
  const funded = figures.data.balance > 0 || figures.data.totalDeposit > 0;
  if (funded) return 'Your account is funded. Choose a plan on the trading page when you are ready.';
  return 'Fund your account and choose a plan on the trading page when you are ready.';
}

/** Greeting with the Trade Now button. */
export function WelcomePanel() {
  const { data: user } = useAccountUser();
  const text = useWelcomeText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="welcome-title" h="100%">
      <Stack gap="sm" justify="space-between" h="100%">
        <Stack gap={4}>
          <Title order={2} id="welcome-title" fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {user ? `Welcome, ${user.firstName}` : 'Welcome'}
          </Title>
          <Text size="sm" c="dimmed" mih="1.55em">
            {text}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={paths.account.trading}
          leftSection={<IconChartCandle size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Trade Now
        </Button>
      </Stack>
    </Card>
  );
}
