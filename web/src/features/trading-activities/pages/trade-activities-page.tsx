import { Button, Stack } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLAN_MSG } from '@common/messages';
import { paths } from '../../../config/paths';
import { HeadingRow } from '../../../components/heading-row';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { activityQuery } from '../api';
import { activityColumns, ActivityTable } from '../components/activity-table';

const COLUMNS = [
  activityColumns.date,
  activityColumns.plan,
  activityColumns.tradeAmount('Trade Amount'),
  activityColumns.profit('Profit'),
  activityColumns.reason,
  activityColumns.status,
];

/** The way to the trading page. */
function TradeNowButton() {
  return (
    <Button
      component={Link}
      to={paths.account.trading}
      leftSection={<IconChartCandle size={16} aria-hidden />}
    >
      Trade Now
    </Button>
  );
}

/**
 * /account/trade-activities: Date, Plan, Trade Amount, Profit, Status, newest first,
 * with working page sizes, search and Previous/Next (docs/product.md), and a way to the trading page.
 */
export function TradeActivitiesPage() {
  return (
    <Stack gap="md">
      <HeadingRow
        heading={<PageTitle title="Trade Activities" fz={CLIENT_TITLE_FZ} />}
        action={<TradeNowButton />}
      />
      <ActivityTable
        caption="Trade activities"
        columns={COLUMNS}
        query={activityQuery}
        emptyText={PLAN_MSG.noData}
      />
    </Stack>
  );
}
