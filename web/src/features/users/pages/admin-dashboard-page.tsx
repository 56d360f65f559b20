import { Stack, Title } from '@mantine/core';
import { OverviewCards } from '../components/overview-cards';
import { UsersList } from '../components/users-list';

/** /admin/dashboard: the overview figures above the users list. */
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Dashboard
      </Title>
      <OverviewCards />
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Users
      </Title>
      <UsersList />
    </Stack>
  );
}
