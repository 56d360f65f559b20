import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PLAN_KINDS, PLAN_LABELS, type PlanKind } from '@common/constants';
import { durationLabel } from '@common/schemas/plans';
import { AvailableBalance } from '../../../components/available-balance';
import { RiskWarning } from '../../../components/risk-warning';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { accountFiguresQuery, meQuery } from '../../../lib/user-queries';
import { PlaceTradeModal } from '../components/place-trade-modal';
import { PlanCard } from '../components/plan-card';

/**
 * /account/trading: the Copy Trading and Investment cards with the configured rate and
 * limits, the client's available balance and active plan, and the Place Your Trade dialog.
 */
export function TradingPage() {
  const [chosen, setChosen] = useState<PlanKind | null>(null);
  const owner = useQuery(meQuery);
  const figures = useQuery(accountFiguresQuery);
  const activePlan = owner.data?.activePlan ?? null;

  return (
    <Stack gap="lg" w="100%" maw={1000} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Trading
        </Title>
        <Text c="dimmed">
          Choose a plan and a term. The amount moves from Available to Invested, so your account value stays
          the same, and comes back to Available when the term ends.
        </Text>
      </Stack>

      <AvailableBalance figures={figures} />

      {activePlan && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title="You have an active plan"
        >
          {PLAN_LABELS[activePlan.plan]} plan of {formatUsd(activePlan.amount)} for{' '}
          {durationLabel(activePlan.duration)}, ending {formatDateTime(activePlan.endDate)}. You can place a
          new trade once it has completed.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {PLAN_KINDS.map((plan) => (
          <PlanCard key={plan} plan={plan} onTrade={setChosen} />
        ))}
      </SimpleGrid>

      <RiskWarning />

      <PlaceTradeModal
        plan={chosen}
        onClose={() => setChosen(null)}
        hasActivePlan={activePlan !== null}
        available={figures.data?.balance}
      />
    </Stack>
  );
}
