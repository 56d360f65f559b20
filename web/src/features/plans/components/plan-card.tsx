import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartCandle, IconCopy, IconTrendingUp } from '@tabler/icons-react';
import { PLAN_CONFIG, PLAN_LABELS, type PlanKind } from '@common/constants';
import { PLAN_RATE_PERIOD } from '../../../content/plans';

const DESCRIPTIONS: Record<PlanKind, string> = {
  copy_trading: 'Your capital follows the positions of our selected traders for the term you choose.',
  investment:
    'Your capital is placed in a managed basket of forex and crypto positions for the term you choose.',
};

const ICONS: Record<PlanKind, typeof IconCopy> = { copy_trading: IconCopy, investment: IconTrendingUp };

const usd = (n: number) => `${n.toLocaleString('en-US')} USD`;

/**
 * One plan card of /account/trading: rate with its period (content/plans.ts), minimum and maximum from the one plan config
 * (docs/product.md), the risk wording and Trade Now.
 */
export function PlanCard({ plan, onTrade }: { plan: PlanKind; onTrade: (plan: PlanKind) => void }) {
  const Icon = ICONS[plan];
  const titleId = `plan-${plan}-title`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Title order={2} id={titleId} fz="xl">
              {PLAN_LABELS[plan]}
            </Title>
          </Group>
          <Text fz={36} fw={800} lh={1}>
            {PLAN_CONFIG.ratePercent}%
            <Text span size="sm" fw={500} c="dimmed" ml={6}>
              {` target ${PLAN_RATE_PERIOD}`}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {DESCRIPTIONS[plan]}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Minimum: {usd(PLAN_CONFIG.minimumUsd)}</List.Item>
            <List.Item>Maximum: {usd(PLAN_CONFIG.maximumUsd)}</List.Item>
            <List.Item>Your capital returns to your available balance when the term ends.</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            Returns are not guaranteed: the rate is a target for the whole term you choose, not per day, and
            not a promise. Our trading desk posts each result, and a result can be a loss.
          </Text>
        </Stack>
        <Button
          onClick={() => onTrade(plan)}
          leftSection={<IconChartCandle size={18} aria-hidden />}
          aria-label={`Trade Now: ${PLAN_LABELS[plan]}`}
        >
          Trade Now
        </Button>
      </Stack>
    </Card>
  );
}
