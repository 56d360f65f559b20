import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PublicTransaction } from '@common/schemas/transactions';
import { paths } from '../../../config/paths';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { ClientPageTitle } from '../../../components/admin/client-page';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { Can } from '../../../components/can';
import { HeadingRow } from '../../../components/heading-row';
import type { Column } from '../../../components/paged-table';
import { ADMIN_STATUS_LABELS } from '../../../lib/transaction-labels';
import { adminHistoryQuery, downloadAdminHistoryCsv, useVoidTransaction } from '../api';
import { historyColumns, HistoryTable } from '../components/history-table';

/**
 * Whether a line can be voided: an approved, not yet voided line that is not itself a reversal nor
 * a client's withdrawal request (those are declined in their review instead). The server decides.
 */
function voidable(t: PublicTransaction): boolean {
  const withdrawalRequest = t.type === 'withdrawal' && t.method !== 'account';
  return t.status === 'approved' && !t.voided && t.type !== 'reversal' && !withdrawalRequest;
}

const VOID_CONFIRMATION = {
  title: 'Void transaction',
  message:
    'Do you really want to delete this transaction? It will be voided by a reversing entry; the history keeps both.',
  confirmLabel: 'Void',
  danger: true,
  reason: {
    description: 'The client reads it with the reversal, in a notice and an e-mail (3 to 500 characters).',
  },
};

function VoidButton({ line }: { line: PublicTransaction }) {
  const voidLine = useVoidTransaction();
  return (
    <ConfirmedButton
      confirmation={VOID_CONFIRMATION}
      mutation={voidLine}
      variables={{ id: line._id }}
      disabled={!voidable(line)}
    >
      Void
    </ConfirmedButton>
  );
}

const COLUMNS: Column<PublicTransaction>[] = [
  historyColumns.date,
  historyColumns.type,
  historyColumns.method,
  historyColumns.details(ADMIN_STATUS_LABELS),
  historyColumns.amount,
  historyColumns.status(ADMIN_STATUS_LABELS),
  { header: 'Action', actions: true, permission: 'transactions.void', cell: (t) => <VoidButton line={t} /> },
];

/**
 * /admin/transactions/:id?name=: a client's history; lines are voided, never deleted. Add
 * transaction needs `ledger.adjust`, Void `transactions.void`; "Export CSV" saves the lines the
 * filters show, every page.
 */
export function AdminTransactionsPage() {
  const { id, name } = useClientRoute();
  const addLink = `${paths.admin.addTransaction}?${new URLSearchParams({ userId: id, ...(name && { name }) })}`;

  return (
    <Stack gap="md">
      <HeadingRow
        heading={<ClientPageTitle title="Transactions" />}
        action={
          <Can permission="ledger.adjust">
            <Button component={Link} to={addLink} leftSection={<IconPlus size={16} aria-hidden />}>
              Add transaction
            </Button>
          </Can>
        }
      />
      <HistoryTable
        caption="Transactions"
        columns={COLUMNS}
        query={(params) => adminHistoryQuery(id, params)}
        statusLabels={ADMIN_STATUS_LABELS}
        exportCsv={(filters) => downloadAdminHistoryCsv(id, filters)}
      />
    </Stack>
  );
}
