import { Stack } from '@mantine/core';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { HeadingRow } from '../../../components/heading-row';
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
  historyColumns.details,
];

/**
 * /account/transaction-history: Date, Method, Type, Amount, Status, and the Details an
 * admin gave (the reason of an adjustment or void); search, filters, paging, CSV.
 */
export function TransactionHistoryPage() {
  return (
    <Stack gap="md">
      <HeadingRow
        heading={<PageTitle title="Transaction History" fz={CLIENT_TITLE_FZ} />}
        action={
          <ExportCsvButton download={downloadHistoryCsv} failure="The export could not be downloaded" />
        }
      />
      <HistoryTable
        caption="Transactions"
        columns={COLUMNS}
        query={historyQuery}
        statusLabels={CLIENT_STATUS_LABELS}
      />
    </Stack>
  );
}
