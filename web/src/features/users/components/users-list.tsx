import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PublicUser } from '@common/types';
import { paths } from '../../../app/paths';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { dateColumn, PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { adminUsersQuery, downloadUsersCsv } from '../api';

/** A user row with its number in the whole filtered list (the original "ID" column). */
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
  dateColumn('Date Joined', (u) => u.createdAt),
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
 * The users list of /admin/users and /admin/dashboard: every user, newest first, with a
 * debounced search by name or e-mail, page sizes 10/20/30/40, Previous/Next (paging on the server)
 * and a CSV export of the searched list.
 */
export function UsersList() {
  const search = usePagedSearch();
  const { paging } = search;
  const query = useQuery(adminUsersQuery(search.params));
  // The server pulls nothing back: a page past the end answers no rows, so number from the page asked.
  const offset = (paging.page - 1) * paging.pageSize;
  const rows = query.data?.data.map((u, i) => ({ ...u, rowNumber: offset + i + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          placeholder="Name or e-mail"
          value={search.search}
          onChange={search.setSearch}
          w={{ base: '100%', xs: 420 }}
        />
        <ExportCsvButton download={() => downloadUsersCsv(search.searched)} failure="The export failed" />
      </Group>
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        {...serverPage(query)}
        rows={rows}
        emptyText={search.searched ? 'No user matches the search' : 'No users yet'}
        paging={paging}
      />
    </Stack>
  );
}
