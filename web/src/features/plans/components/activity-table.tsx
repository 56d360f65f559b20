import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { PLAN_LABELS } from '@common/constants';
import type { PublicTradingActivity, TradingActivityPage, TradingActivityQuery } from '@common/schemas/plans';
import { PagedTable, queryStatus, usePaging, type Column } from '../../../components/paged-table';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { PlanStatusBadge } from './plan-status-badge';

/**
 * Paging and a debounced search of a trading activity table, as the query params of
 * GET /trading-activity or /trading-activity/admin. A new search goes back to page 1.
 */
export function useActivitySearch() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const params: TradingActivityQuery = {
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

/** The trading activity columns each page picks its own from, in its own order. */
export const activityColumns = {
  /** Date column. */
  date: {
    header: 'Date',
    nowrap: true,
    cell: (a) => formatDateTime(a.date),
  } satisfies Column<PublicTradingActivity>,
  /** Plan column ("Copy Trading" / "Investment"). */
  plan: {
    header: 'Plan',
    nowrap: true,
    cell: (a) => PLAN_LABELS[a.plan],
  } satisfies Column<PublicTradingActivity>,
  /** The trade amount under a given header ("Trade Amount", "Capital", "Amount"). */
  tradeAmount: (header: string): Column<PublicTradingActivity> => ({
    header,
    numeric: true,
    nowrap: true,
    cell: (a) => formatUsd(a.tradeAmount),
  }),
  /** The profit posted for the row under a given header ("Profit", "Profit Added"). */
  profit: (header: string): Column<PublicTradingActivity> => ({
    header,
    numeric: true,
    nowrap: true,
    cell: (a) => (
      <Text span size="sm" fw={600} c={a.profit > 0 ? 'teal.9' : undefined}>
        {formatUsd(a.profit)}
      </Text>
    ),
  }),
  /** Status column. */
  status: {
    header: 'Status',
    cell: (a) => <PlanStatusBadge status={a.status} />,
  } satisfies Column<PublicTradingActivity>,
};

interface ActivityTableProps {
  caption: string;
  columns: Column<PublicTradingActivity>[];
  query: UseQueryResult<TradingActivityPage>;
  search: ActivitySearch;
  emptyText: string;
}

/**
 * A searchable, server-paged trading activity table (show-entries, search and Previous/Next work:
 * docs/product.md), reading "Loading..." while the first page loads.
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
        {...queryStatus(query)}
        emptyText={emptyText}
        paging={search.paging}
        total={query.data?.total}
      />
    </Stack>
  );
}
