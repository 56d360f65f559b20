import { Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PLAN_LABELS } from '@common/constants';
import { durationLabel } from '@common/schemas/plans';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { useActivePlan } from '../api';
import { BorderedSection } from '../../../components/bordered-section';

/**
 * The Active Plan panel: plan, start date, duration and status of the client's active
 * plan (with its amount and end date), or "No active plan" with a way to the trading page.
 */
export function ActivePlan() {
  const query = useActivePlan();
  const plan = query.data;

  let body;
  if (query.isPending) {
    body = <Skeleton height={96} radius="sm" />;
  } else if (query.isError) {
    body = <LoadError what="your plan" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!plan) {
    body = (
      <Stack gap={4}>
        <Text c="dimmed">No active plan</Text>
        <Anchor component={Link} to={paths.account.trading} size="sm">
          Choose a plan on the trading page
        </Anchor>
      </Stack>
    );
  } else {
    const rows: Array<[string, string]> = [
      ['Plan', PLAN_LABELS[plan.plan]],
      ['Amount', formatUsd(plan.amount)],
      ['Start date', formatDateTime(plan.startDate)],
      ['Duration', durationLabel(plan.duration)],
      ['Ends', formatDateTime(plan.endDate)],
    ];
    body = (
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4} aria-label="Active plan">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500} c="dimmed" w={110}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th fw={500} c="dimmed" w={110}>
              Status
            </Table.Th>
            <Table.Td>
              <Badge color="blue" variant="dot">
                {plan.status === 'active' ? 'Active' : 'Completed'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <BorderedSection aria-labelledby="active-plan-title" h="100%">
      <Title order={2} id="active-plan-title" fz="lg" mb="sm">
        Active Plan
      </Title>
      {body}
    </BorderedSection>
  );
}
