import { Button, Group, Stack, Title } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLAN_MSG } from '@common/messages';
import { paths } from '../../../app/paths';
import { activityQuery } from '../api';
import { activityColumns, ActivityTable, useActivitySearch } from '../components/activity-table';

const COLUMNS = [
  activityColumns.date,
  activityColumns.plan,
  activityColumns.tradeAmount('Trade Amount'),
  activityColumns.profit('Profit'),
  activityColumns.status,
];

/**
 * /account/trade-activities: Date, Plan, Trade Amount, Profit, Status, newest first,
 * with working page sizes, search and Previous/Next (docs/product.md), and a way to the trading page.
 */
export function TradeActivitiesPage() {
  const search = useActivitySearch();
  const query = useQuery(activityQuery(search.params));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Trade Activities
        </Title>
        <Button
          component={Link}
          to={paths.account.trading}
          leftSection={<IconChartCandle size={16} aria-hidden />}
        >
          Trade Now
        </Button>
      </Group>
      <ActivityTable
        caption="Trade activities"
        columns={COLUMNS}
        query={query}
        search={search}
        emptyText={PLAN_MSG.noData}
      />
    </Stack>
  );
}
