import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { VERIFICATION_STATUSES, type VerificationStatus } from '@common/constants';
import { USER_SORTS, type UserSort } from '@common/schemas/users';
import type { PublicUser } from '@common/types';
import { paths } from '../../../config/paths';
import { DateRangeFilter, useDateRange } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterPanel } from '../../../components/filter-panel';
import { FilterSelects, useChoice, type TableFilter } from '../../../components/filter-select';
import { dateColumn, PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { adminUsersQuery, downloadUsersCsv } from '../api';
import { VERIFICATION_LABELS, VerificationStatusBadge } from './verification-status';

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
  {
    header: 'Verification',
    nowrap: true,
    cell: (u) => <VerificationStatusBadge status={u.verificationStatus} />,
  },
  dateColumn('Date Joined', (u) => u.createdAt),
  {
    header: 'Action',
    nowrap: true,
    actions: true,
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

/** The states the verification filter offers ("failed" reads as rejected: docs/product.md). */
const FILTERED_STATES = VERIFICATION_STATUSES.filter((s) => s !== 'failed');
const STATE_LABELS = Object.fromEntries(
  VERIFICATION_STATUSES.map((s) => [s, VERIFICATION_LABELS[s].label]),
) as Record<VerificationStatus, string>;

/** The list's orders; none chosen is the first, newest first. */
const SORT_LABELS: Record<UserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  email: 'E-mail (A–Z)',
};

/** `?verification=` of the page's URL when it names a state (the dashboard links to `pending`). */
function verificationParam(value: string | null): VerificationStatus | null {
  return FILTERED_STATES.find((s) => s === value) ?? null;
}

/**
 * The users list of /admin/users and /admin/dashboard: every user, newest first or in the order
 * chosen (oldest first, by name, by e-mail), with their identity verification state, a debounced
 * search by name or e-mail, a verification filter (set from `?verification=`), a joined from/to
 * date range (kept in `?from=&to=`), page sizes 10/20/30/40, Previous/Next (paging on the server) and a CSV
 * export of the searched and filtered list.
 */
export function UsersList() {
  const [params] = useSearchParams();
  const search = usePagedSearch();
  const { paging } = search;
  const verification = useChoice(
    FILTERED_STATES,
    STATE_LABELS,
    search.refilter,
    verificationParam(params.get('verification')),
  );
  const sort = useChoice(USER_SORTS, SORT_LABELS, search.refilter);
  const filters: TableFilter[] = [
    {
      label: 'Verification',
      placeholder: 'Any verification',
      ...verification.filter,
      w: { base: '100%', xs: 220 },
    },
    { label: 'Sort by', placeholder: SORT_LABELS.newest, ...sort.filter, w: { base: '100%', xs: 180 } },
  ];
  const joined = useDateRange(search.refilter);
  const listed = {
    search: search.searched,
    verification: verification.chosen,
    sort: sort.chosen ?? 'newest',
    ...joined.range,
  };
  const query = useQuery(adminUsersQuery({ ...search.params, ...listed }));
  // The server pulls nothing back: a page past the end answers no rows, so number from the page asked.
  const offset = (paging.page - 1) * paging.pageSize;
  const rows = query.data?.data.map((u, i) => ({ ...u, rowNumber: offset + i + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <FilterPanel
          active={(verification.chosen ? 1 : 0) + (sort.chosen ? 1 : 0) + (joined.active ? 1 : 0)}
          search={
            <SearchInput
              placeholder="Name or e-mail"
              value={search.search}
              onChange={search.setSearch}
              w={{ base: '100%', xs: 420 }}
            />
          }
        >
          <FilterSelects filters={filters} />
          <DateRangeFilter label="Joined" {...joined.filter} />
        </FilterPanel>
        <ExportCsvButton download={() => downloadUsersCsv(listed)} failure="The export failed" />
      </Group>
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        {...serverPage(query)}
        rows={rows}
        emptyText={
          search.searched || verification.chosen || joined.active
            ? 'No user matches the search and filter'
            : 'No users yet'
        }
        paging={paging}
      />
    </Stack>
  );
}
