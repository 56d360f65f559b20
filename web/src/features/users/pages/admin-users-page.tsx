import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { UsersList } from '../components/users-list';

/** /admin/users: the users list with search, paging and CSV export. */
export function AdminUsersPage() {
  return (
    <Stack gap="md">
      <PageTitle title="Users" />
      <UsersList />
    </Stack>
  );
}
