import { Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BusyButton } from '../../../components/busy-button';
import { HeadingRow } from '../../../components/heading-row';
import { CLIENT_TITLE_FZ } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
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
  const exportCsv = useMutation({
    mutationFn: downloadHistoryCsv,
    onError: (error) => notifyError(errorMessage(error, 'The export could not be downloaded')),
  });

  return (
    <Stack gap="md">
      <HeadingRow
        heading={
          <Title order={1} fz={CLIENT_TITLE_FZ}>
            Transaction History
          </Title>
        }
        action={
          <BusyButton
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => exportCsv.mutate()}
            busy={exportCsv.isPending}
          >
            Export CSV
          </BusyButton>
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
