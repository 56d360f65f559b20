import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { PLAN_LABELS } from '@common/constants';
import type { PublicTradingActivity, TradingActivityPage } from '@common/schemas/plans';
import { PagedTable, usePaging, type Column } from '../../../components/paged-table';
import { formatDateTime, formatUsd } from '../../../lib/format';
import type { ActivityParams } from '../api';
import { PlanStatusBadge } from './plan-status-badge';

/**
 * Paging and a debounced search of a trading activity table, as the query params of
 * GET /trading-activity or /trading-activity/admin. A new search goes back to page 1.
 */
export function useActivitySearch() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const params: ActivityParams = {
    page: paging.page,
    pageSize: paging.pageSize,
    search: debounced || undefined,
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    paging.setPage(1);
  };
  return { paging, params, search, setSearch: changeSearch };
}

export type ActivitySearch = ReturnType<typeof useActivitySearch>;

/** Date column. */
export const activityDateColumn: Column<PublicTradingActivity> = {
  header: 'Date',
  nowrap: true,
  cell: (a) => formatDateTime(a.date),
};
/** Plan column ("Copy Trading" / "Investment"). */
export const activityPlanColumn: Column<PublicTradingActivity> = {
  header: 'Plan',
  nowrap: true,
  cell: (a) => PLAN_LABELS[a.plan],
};
/** The trade amount under a given header ("Trade Amount", "Capital", "Amount"). */
export const tradeAmountColumn = (header: string): Column<PublicTradingActivity> => ({
  header,
  numeric: true,
  nowrap: true,
  cell: (a) => formatUsd(a.tradeAmount),
});
/** The profit posted for the row under a given header ("Profit", "Profit Added"). */
export const profitColumn = (header: string): Column<PublicTradingActivity> => ({
  header,
  numeric: true,
  nowrap: true,
  cell: (a) => (
    <Text span size="sm" fw={600} c={a.profit > 0 ? 'teal.9' : undefined}>
      {formatUsd(a.profit)}
    </Text>
  ),
});
/** Status column. */
export const activityStatusColumn: Column<PublicTradingActivity> = {
  header: 'Status',
  cell: (a) => <PlanStatusBadge status={a.status} />,
};

interface ActivityTableProps {
  caption: string;
  columns: Column<PublicTradingActivity>[];
  query: UseQueryResult<TradingActivityPage>;
  search: ActivitySearch;
  emptyText: string;
}

/**
 * A searchable, server-paged trading activity table (seed §2.7; DESIGN.md §5: show-entries, search
 * and Previous/Next work), reading "Loading..." while the first page loads.
 */
export function ActivityTable({ caption, columns, query, search, emptyText }: ActivityTableProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Plan or status"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.search}
        onChange={(event) => search.setSearch(event.currentTarget.value)}
        maw={420}
      />
      {query.isPending && (
        <Text size="sm" c="dimmed" role="status">
          Loading...
        </Text>
      )}
      <PagedTable
        caption={caption}
        columns={columns}
        rows={query.data?.data}
        rowKey={(a) => a._id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={emptyText}
        paging={search.paging}
        total={query.data?.total}
      />
    </Stack>
  );
}
