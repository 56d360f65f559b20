import { Group, Stack, Text } from '@mantine/core';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { useQuery } from '@tanstack/react-query';
import { PLAN_LABELS } from '@common/constants';
import { PLAN_MSG } from '@common/messages';
import type { PublicTradingActivity, TradingActivityPage, TradingActivityQuery } from '@common/schemas/plans';
import { dateColumn, PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { PlanStatusBadge } from '../../../components/status-badge';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { formatUsd } from '../../../lib/format';
import type { PagedQueryOptions } from '../../../lib/queries';
import { adminActivityQuery, downloadAdminActivityCsv } from '../api';

/**
 * A plan result posted by staff (POST /user/admin/add-profit/:id, the only rows with a reason): a
 * profit or loss line of the plan, not a second trade. It carries the plan's capital as its trade
 * amount and the plan's status, so drawn like the plan's own row it read as a duplicate of it
 * ("Copy Trading $1,000 ACTIVE" twice); it is drawn as a result line instead.
 */
export const isPlanResult = (a: PublicTradingActivity) => a.reason !== null;

/** An empty cell. */
function NoValue() {
  return (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );
}

/** The trading activity columns each page picks its own from, in its own order. */
export const activityColumns = {
  /** Date column. */
  date: dateColumn<PublicTradingActivity>('Date', (a) => a.date),
  /** Plan column ("Copy Trading" / "Investment"; a result line reads "Profit on Copy Trading"). */
  plan: {
    header: 'Plan',
    nowrap: true,
    cell: (a) =>
      isPlanResult(a) ? (
        <Text span size="sm" c="dimmed">
          {a.profit < 0 ? 'Loss' : 'Profit'} on {PLAN_LABELS[a.plan]}
        </Text>
      ) : (
        PLAN_LABELS[a.plan]
      ),
  } satisfies Column<PublicTradingActivity>,
  /** The trade amount under a given header ("Trade Amount", "Capital", "Amount"); "—" on a result line. */
  tradeAmount: (header: string): Column<PublicTradingActivity> => ({
    header,
    numeric: true,
    nowrap: true,
    cell: (a) => (isPlanResult(a) ? <NoValue /> : formatUsd(a.tradeAmount)),
  }),
  /** The result posted for the row under a given header ("Profit", "Profit Added"): a loss is negative. */
  profit: (header: string): Column<PublicTradingActivity> => ({
    header,
    numeric: true,
    nowrap: true,
    cell: (a) => (
      <Text span size="sm" fw={600} c={a.profit > 0 ? 'teal.9' : a.profit < 0 ? 'red.9' : undefined}>
        {formatUsd(a.profit)}
      </Text>
    ),
  }),
  /** Why a plan result was posted, as staff wrote it ("—" for other rows). */
  reason: {
    header: 'Reason',
    cell: (a) => a.reason ?? '—',
  } satisfies Column<PublicTradingActivity>,
  /** Status column: the plan's state on its own row, "Posted" on a result line. */
  status: {
    header: 'Status',
    cell: (a) =>
      isPlanResult(a) ? (
        <Text span size="sm" c="dimmed">
          Posted
        </Text>
      ) : (
        <PlanStatusBadge status={a.status} />
      ),
  } satisfies Column<PublicTradingActivity>,
};

interface ActivityTableProps {
  caption: string;
  columns: Column<PublicTradingActivity>[];
  /** The query of one page: the client's own (activityQuery) or an admin's read of a client's. */
  query: (params: TradingActivityQuery) => PagedQueryOptions<TradingActivityPage>;
  emptyText: string;
  /** Downloads the rows with the table's search: an "Export CSV" button beside it when given. */
  exportCsv?: (search: string | undefined) => Promise<void>;
}

/**
 * A searchable, server-paged trading activity table (show-entries, search and Previous/Next work:
 * docs/product.md), reading "Loading..." while the first page loads. A new search goes back to page 1.
 */
export function ActivityTable({ caption, columns, query, emptyText, exportCsv }: ActivityTableProps) {
  const search = usePagedSearch();
  const page = useQuery(query(search.params));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <SearchInput
          placeholder="Plan or status"
          value={search.search}
          onChange={search.setSearch}
          maw={420}
          style={{ flex: '1 1 220px' }}
        />
        {exportCsv && (
          <ExportCsvButton download={() => exportCsv(search.params.search)} failure="The export failed" />
        )}
      </Group>
      {page.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Loading...
        </Text>
      )}
      <PagedTable
        caption={caption}
        columns={columns}
        {...serverPage(page)}
        emptyText={emptyText}
        paging={search.paging}
      />
    </Stack>
  );
}

/** A client's trading activity as staff read it (`adminActivityQuery`), with the given columns. */
export function ClientActivityTable({
  userId,
  columns,
  exportable = false,
}: {
  userId: string;
  columns: Column<PublicTradingActivity>[];
  /** Whether an "Export CSV" button saves the rows the search shows (`downloadAdminActivityCsv`). */
  exportable?: boolean;
}) {
  return (
    <ActivityTable
      caption="Trading activity"
      columns={columns}
      query={(params) => adminActivityQuery(userId, params)}
      emptyText={PLAN_MSG.noTradingActivity}
      exportCsv={exportable ? (search) => downloadAdminActivityCsv(userId, search) : undefined}
    />
  );
}
