import { Anchor, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { Can } from '../../../components/can';
import { HeadingRow } from '../../../components/heading-row';
import { activityColumns, ClientActivityTable } from './activity-table';

const COLUMNS = [
  activityColumns.tradeAmount('Capital'),
  activityColumns.profit('Profit Added'),
  activityColumns.reason,
  activityColumns.plan,
  activityColumns.status,
  activityColumns.date,
];

/**
 * The trading activity of the client an admin page is about (`:id`), read-only, with a link to the
 * page that edits it (for a role with `tradingActivity.edit`): the foot of the add-profit page
 * (composed in web/src/app/router.tsx).
 */
export function ClientActivitySection() {
  const { id, name } = useClientRoute();
  return (
    <>
      <HeadingRow
        heading={
          <Title order={2} fz="lg">
            Trading Activity
          </Title>
        }
        action={
          <Can permission="tradingActivity.edit">
            <Anchor component={Link} to={paths.admin.tradingActivity(id, name)} size="sm">
              Edit trading activity
            </Anchor>
          </Can>
        }
      />
      <ClientActivityTable userId={id} columns={COLUMNS} />
    </>
  );
}
