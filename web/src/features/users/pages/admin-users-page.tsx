import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@common/types';
import { paths } from '../../../app/paths';
import { PagedTable, usePaging, type Column } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { adminUsersQuery } from '../api';

/** A user row with its number in the whole filtered list (the seed's "ID" column). */
type NumberedUser = PublicUser & { rowNumber: number };

const COLUMNS: Column<NumberedUser>[] = [
  { header: 'ID', cell: (u) => u.rowNumber, nowrap: true },
  { header: 'Name', cell: (u) => u.firstName },
  { header: 'Last Name', cell: (u) => u.lastName },
  {
    header: 'Email',
    cell: (u) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {u.email}
      </Text>
    ),
  },
  { header: 'Date Joined', cell: (u) => formatDateTime(u.createdAt), nowrap: true },
  {
    header: 'Action',
    nowrap: true,
    cell: (u) => (
      <Button
        component={Link}
        to={paths.admin.user(u._id)}
        size="xs"
        variant="light"
        aria-label={`View ${u.firstName} ${u.lastName}`}
      >
        View
      </Button>
    ),
  },
];

/**
 * /admin/users and /admin/dashboard (seed §2.8): every user, newest first, with a debounced search
 * by name or e-mail, page sizes 10/20/30/40 and Previous/Next. Paging happens on the server.
 */
export function AdminUsersPage() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(
    adminUsersQuery({ page: paging.page, pageSize: paging.pageSize, search: debouncedSearch || undefined }),
  );
  const total = query.data?.total ?? 0;
  // The server pulls nothing back: a page past the end answers no rows, so number from the page asked.
  const offset = (paging.page - 1) * paging.pageSize;
  const rows = query.data?.data.map((u, i) => ({ ...u, rowNumber: offset + i + 1 }));

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Users
      </Title>
      <TextInput
        label="Search"
        placeholder="Name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          paging.setPage(1);
        }}
        maw={420}
      />
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        rows={rows}
        rowKey={(u) => u._id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={debouncedSearch ? 'No user matches the search' : 'No users yet'}
        paging={paging}
        total={total}
      />
    </Stack>
  );
}
