import { Badge, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { REQUEST_STATUSES, type RequestStatus } from '@common/schemas/deposits';
import {
  TRANSACTION_TYPES,
  type HistoryQuery,
  type PublicTransaction,
  type TransactionType,
} from '@common/schemas/transactions';
import { PagedTable, queryStatus, usePaging, type Column } from '../../../components/paged-table';
import { SignedAmount } from '../../../components/signed-amount';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import type { HistoryPage } from '../api';
import { methodLabel, TYPE_LABELS } from '../../../lib/transaction-labels';

/**
 * Paging, search (debounced) and type/status filters of a history table, as the query params of
 * GET /transaction/all or /transaction/admin. Any filter change goes back to page 1.
 */
export function useHistoryFilters() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<TransactionType | null>(null);
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const params: HistoryQuery = {
    page: paging.page,
    pageSize: paging.pageSize,
    search: debouncedSearch || undefined,
    type: type ?? undefined,
    status: status ?? undefined,
  };
  const filters = {
    search,
    type,
    status,
    setSearch: (value: string) => {
      setSearch(value);
      paging.setPage(1);
    },
    setType: (value: TransactionType | null) => {
      setType(value);
      paging.setPage(1);
    },
    setStatus: (value: RequestStatus | null) => {
      setStatus(value);
      paging.setPage(1);
    },
  };
  return { paging, params, filters };
}

type HistoryFilters = ReturnType<typeof useHistoryFilters>;

/** Date column. */
export const dateColumn: Column<PublicTransaction> = {
  header: 'Date',
  nowrap: true,
  cell: (t) => formatDateTime(t.date),
};
/** Method column. */
export const methodColumn: Column<PublicTransaction> = {
  header: 'Method',
  cell: (t) => methodLabel(t.method),
};
/** Type column. */
export const typeColumn: Column<PublicTransaction> = { header: 'Type', cell: (t) => TYPE_LABELS[t.type] };
/** Amount with its direction: + credit, − debit. */
export const amountColumn: Column<PublicTransaction> = {
  header: 'Amount',
  numeric: true,
  nowrap: true,
  cell: (t) => <SignedAmount line={t} />,
};

/** Status column with the given wording, and a "Voided" mark on voided lines. */
export function statusColumn(labels: Record<RequestStatus, string>): Column<PublicTransaction> {
  return {
    header: 'Status',
    cell: (t) => (
      <Group gap={4} wrap="nowrap">
        <StatusBadge status={t.status} labels={labels} />
        {t.voided && (
          <Badge color="gray" variant="outline">
            Voided
          </Badge>
        )}
      </Group>
    ),
  };
}

interface HistoryTableProps {
  caption: string;
  columns: Column<PublicTransaction>[];
  query: UseQueryResult<HistoryPage>;
  history: HistoryFilters;
  statusLabels: Record<RequestStatus, string>;
}

/** A searchable, filterable, server-paged history table (all of these work: docs/product.md). */
export function HistoryTable({ caption, columns, query, history, statusLabels }: HistoryTableProps) {
  const { filters, paging } = history;
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Type, method, details or status"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Type"
          placeholder="All types"
          data={TRANSACTION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          value={filters.type}
          onChange={(value) => filters.setType(value as TransactionType | null)}
          clearable
          style={{ flex: '1 1 160px' }}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={REQUEST_STATUSES.map((value) => ({ value, label: statusLabels[value] }))}
          value={filters.status}
          onChange={(value) => filters.setStatus(value as RequestStatus | null)}
          clearable
          style={{ flex: '1 1 140px' }}
        />
      </Group>
      <PagedTable
        caption={caption}
        columns={columns}
        rows={query.data?.data}
        rowKey={(t) => t._id}
        {...queryStatus(query)}
        emptyText="No transaction found"
        paging={paging}
        total={query.data?.total}
      />
    </>
  );
}
