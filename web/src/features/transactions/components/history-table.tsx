import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REQUEST_STATUSES, type RequestStatus } from '@common/schemas/deposits';
import {
  TRANSACTION_TYPES,
  type HistoryQuery,
  type PublicTransaction,
  type TransactionType,
} from '@common/schemas/transactions';
import { FilterSelects, type TableFilter } from '../../../components/filter-select';
import { PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { SignedAmount } from '../../../components/signed-amount';
import { StatusBadge } from '../../../components/status-badge';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { formatDateTime } from '../../../lib/format';
import type { PagedQueryOptions } from '../../../lib/queries';
import type { HistoryPage } from '../api';
import { methodLabel, TYPE_LABELS } from '../../../lib/transaction-labels';

/**
 * Paging, search (debounced) and type/status filters of a history table, as the query params of
 * GET /transaction/all or /transaction/admin. Any filter change goes back to page 1.
 */
function useHistoryFilters() {
  const search = usePagedSearch();
  const [type, setType] = useState<TransactionType | null>(null);
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const params: HistoryQuery = { ...search.params, type: type ?? undefined, status: status ?? undefined };
  return {
    search,
    params,
    type,
    status,
    setType: search.refilter((value: string | null) => setType(value as TransactionType | null)),
    setStatus: search.refilter((value: string | null) => setStatus(value as RequestStatus | null)),
  };
}

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
  /** The query of one page: the client's own history or an admin's read of a client's. */
  query: (params: HistoryQuery) => PagedQueryOptions<HistoryPage>;
  statusLabels: Record<RequestStatus, string>;
}

/**
 * A searchable, filterable, server-paged history table (all of these work: docs/product.md). Any
 * change of the search or a filter goes back to page 1.
 */
export function HistoryTable({ caption, columns, query, statusLabels }: HistoryTableProps) {
  const history = useHistoryFilters();
  const page = useQuery(query(history.params));
  const filters: TableFilter[] = [
    {
      label: 'Type',
      placeholder: 'All types',
      data: TRANSACTION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
      value: history.type,
      onChange: history.setType,
      style: { flex: '1 1 160px' },
    },
    {
      label: 'Status',
      placeholder: 'All statuses',
      data: REQUEST_STATUSES.map((value) => ({ value, label: statusLabels[value] })),
      value: history.status,
      onChange: history.setStatus,
      style: { flex: '1 1 140px' },
    },
  ];
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          placeholder="Type, method, details or status"
          value={history.search.search}
          onChange={history.search.setSearch}
          style={{ flex: '1 1 220px' }}
        />
        <FilterSelects filters={filters} />
      </Group>
      <PagedTable
        caption={caption}
        columns={columns}
        rowKey={(t) => t._id}
        {...serverPage(page)}
        emptyText="No transaction found"
        paging={history.search.paging}
      />
    </>
  );
}
