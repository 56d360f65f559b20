import { Stack, Title } from '@mantine/core';
import { UsersList } from '../components/users-list';

/** /admin/users: the users list with search, paging and CSV export. */
export function AdminUsersPage() {
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Users
      </Title>
      <UsersList />
    </Stack>
  );
}
