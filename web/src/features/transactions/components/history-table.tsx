import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REQUEST_STATUSES, type RequestStatus } from '@common/schemas/deposits';
import { TRANSACTION_TYPES, type HistoryQuery, type PublicTransaction } from '@common/schemas/transactions';
import { FilterPanel } from '../../../components/filter-panel';
import { FilterSelects, useChoice } from '../../../components/filter-select';
import { LineType } from '../../../components/line-type';
import {
  dateColumn,
  PagedTable,
  queryStatus,
  serverPage,
  type Column,
} from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { SignedAmount } from '../../../components/signed-amount';
import { useTableCards } from '../../../components/table-cards';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import type { PagedQueryOptions } from '../../../lib/queries';
import type { HistoryFilters, HistoryPage } from '../api';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { methodLabel, TYPE_FILTER_LABELS } from '../../../lib/transaction-labels';
import { HistoryItems } from './history-items';
import { LineDetailsCell, LineStatus } from './line-details';

/**
 * Paging, search (debounced) and type/status filters of a history table, as the query params of
 * GET /transaction/all or /transaction/admin. Any filter change goes back to page 1.
 */
function useHistoryFilters(statusLabels: Record<RequestStatus, string>) {
  const search = usePagedSearch();
  const type = useChoice(TRANSACTION_TYPES, TYPE_FILTER_LABELS, search.refilter);
  const status = useChoice(REQUEST_STATUSES, statusLabels, search.refilter);
  const params: HistoryQuery = { ...search.params, type: type.chosen, status: status.chosen };
  return { search, params, type: type.filter, status: status.filter };
}

/** The history columns each page picks its own from, in its own order. */
export const historyColumns = {
  /** Date column. */
  date: dateColumn<PublicTransaction>('Date', (t) => t.date),
  /** Method column. */
  method: { header: 'Method', cell: (t) => methodLabel(t.method) } satisfies Column<PublicTransaction>,
  /** Type column. */
  type: { header: 'Type', cell: (t) => <LineType line={t} /> } satisfies Column<PublicTransaction>,
  /** Amount with its direction: + credit, − debit; grey and unsigned when rejected or declined. */
  amount: {
    header: 'Amount',
    numeric: true,
    nowrap: true,
    cell: (t) => <SignedAmount line={t} />,
  } satisfies Column<PublicTransaction>,
  /**
   * The line's details: an admin's stated reason for a transaction, adjustment or void, or why a
   * deposit was rejected or a withdrawal declined (docs/product.md), previewed on two lines with a
   * Details button opening the whole line, the full text included; `labels` words its status.
   */
  details: (labels: Record<RequestStatus, string>): Column<PublicTransaction> => ({
    header: 'Details',
    cell: (t) => <LineDetailsCell line={t} labels={labels} />,
  }),
  /** Status column with the given wording, and a "Voided" mark on voided lines. */
  status: (labels: Record<RequestStatus, string>): Column<PublicTransaction> => ({
    header: 'Status',
    cell: (t) => <LineStatus line={t} labels={labels} />,
  }),
};

interface HistoryTableProps {
  caption: string;
  columns: Column<PublicTransaction>[];
  /** The query of one page: the client's own history or an admin's read of a client's. */
  query: (params: HistoryQuery) => PagedQueryOptions<HistoryPage>;
  statusLabels: Record<RequestStatus, string>;
  /**
   * On a phone, two-line items that open each line (history-items.tsx) instead of the table's
   * cards; `extra` are the columns the items show after the type (a proof mark).
   */
  phoneItems?: { extra: Column<PublicTransaction>[] };
  /** Downloads the history with the table's filters: an "Export CSV" button beside them when given. */
  exportCsv?: (filters: HistoryFilters) => Promise<void>;
}

/**
 * A searchable, filterable, server-paged history table (all of these work: docs/product.md). Any
 * change of the search or a filter goes back to page 1.
 */
export function HistoryTable({
  caption,
  columns,
  query,
  statusLabels,
  phoneItems,
  exportCsv,
}: HistoryTableProps) {
  const history = useHistoryFilters(statusLabels);
  const page = useQuery(query(history.params));
  const items = useTableCards() && phoneItems !== undefined;
  const filters = [
    { ...history.type, label: 'Type', placeholder: 'All types', style: { flex: '1 1 160px' } },
    { ...history.status, label: 'Status', placeholder: 'All statuses', style: { flex: '1 1 140px' } },
  ];
  return (
    <>
      <FilterPanel
        active={filters.filter((f) => f.value !== null).length}
        search={
          <SearchInput
            placeholder="Type, method, details or status"
            value={history.search.search}
            onChange={history.search.setSearch}
            style={{ flex: '1 1 220px' }}
          />
        }
      >
        <FilterSelects filters={filters} />
      </FilterPanel>
      {exportCsv && (
        <Group justify="flex-end">
          <ExportCsvButton
            download={() => {
              const { search, type, status } = history.params;
              return exportCsv({ search, type, status });
            }}
            failure="The export failed"
          />
        </Group>
      )}
      {items ? (
        <HistoryItems
          caption={caption}
          {...queryStatus(page)}
          lines={page.data?.data}
          total={page.data?.total ?? 0}
          emptyText="No transaction found"
          paging={history.search.paging}
          statusLabels={statusLabels}
          extra={phoneItems.extra}
        />
      ) : (
        <PagedTable
          caption={caption}
          columns={columns}
          {...serverPage(page)}
          emptyText="No transaction found"
          paging={history.search.paging}
        />
      )}
    </>
  );
}
