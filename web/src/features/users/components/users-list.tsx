import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@common/types';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { PagedTable, queryStatus, usePaging, type Column } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
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

/** "Export CSV": the searched list as users.csv (the server quotes cells and defuses formulas). */
function ExportButton({ search }: { search?: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadUsersCsv(search);
    } catch (error) {
      notifyError(errorMessage(error, 'The export failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      busy={busy}
      onClick={run}
    >
      Export CSV
    </BusyButton>
  );
}

/**
 * The users list of /admin/users and /admin/dashboard: every user, newest first, with a
 * debounced search by name or e-mail, page sizes 10/20/30/40, Previous/Next (paging on the server)
 * and a CSV export of the searched list.
 */
export function UsersList() {
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
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            paging.setPage(1);
          }}
          w={{ base: '100%', xs: 420 }}
        />
        <ExportButton search={debouncedSearch || undefined} />
      </Group>
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        rows={rows}
        rowKey={(u) => u._id}
        {...queryStatus(query)}
        emptyText={debouncedSearch ? 'No user matches the search' : 'No users yet'}
        paging={paging}
        total={total}
      />
    </Stack>
  );
}
