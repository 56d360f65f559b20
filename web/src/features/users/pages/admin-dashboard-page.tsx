import { Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { OverviewCards } from '../components/overview-cards';
import { UsersList } from '../components/users-list';

/** /admin/dashboard: the overview figures above the users list. */
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" />
      <OverviewCards />
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Users
      </Title>
      <UsersList />
    </Stack>
  );
}
