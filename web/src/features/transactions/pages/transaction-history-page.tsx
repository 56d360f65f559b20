import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicTransaction } from '@common/schemas/transactions';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { HeadingRow } from '../../../components/heading-row';
import type { Column } from '../../../components/paged-table';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { downloadHistoryCsv, historyQuery } from '../api';
import { historyColumns, HistoryTable } from '../components/history-table';
import { CLIENT_STATUS_LABELS } from '../../../lib/transaction-labels';

const COLUMNS = [
  historyColumns.date,
  historyColumns.method,
  historyColumns.type,
  historyColumns.amount,
  historyColumns.status(CLIENT_STATUS_LABELS),
  historyColumns.details(CLIENT_STATUS_LABELS),
];

interface TransactionHistoryPageProps {
  /** A last column the router adds: each line's proof mark (the transparency feature). */
  proofColumn?: Column<PublicTransaction>;
  /** A notice above the table (the journal check's warning). */
  notice?: ReactNode;
}

/**
 * /account/transaction-history: Date, Method, Type, Amount, Status, and the Details an
 * admin gave (the reason of an adjustment or void); search, filters, paging, CSV. On a phone each
 * line is a two-line item that opens the whole line, and the filters wait behind a button.
 */
export function TransactionHistoryPage({ proofColumn, notice }: TransactionHistoryPageProps) {
  return (
    <Stack gap="md">
      <HeadingRow
        heading={<PageTitle title="Transaction History" fz={CLIENT_TITLE_FZ} />}
        action={
          <ExportCsvButton download={downloadHistoryCsv} failure="The export could not be downloaded" />
        }
      />
      {notice}
      <HistoryTable
        caption="Transactions"
        columns={proofColumn ? [...COLUMNS, proofColumn] : COLUMNS}
        query={historyQuery}
        statusLabels={CLIENT_STATUS_LABELS}
        phoneItems={{ extra: proofColumn ? [proofColumn] : [] }}
      />
    </Stack>
  );
}
