import { Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { IntegrityAlarm } from '../components/integrity-alarm';
import { OverviewCards } from '../components/overview-cards';
import { UsersList } from '../components/users-list';

/** /admin/dashboard: the integrity alarm (when the last check failed), the overview figures, the users list. */
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" />
      <IntegrityAlarm />
      <OverviewCards />
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Users
      </Title>
      <UsersList />
    </Stack>
  );
}
