import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { PublicTransaction } from '@common/schemas/transactions';
import { paths } from '../../../app/paths';
import { ClientPageTitle, useNameParam } from '../../../components/client-page-title';
import { confirmAction } from '../../../components/confirm';
import type { Column } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminHistoryQuery, useVoidTransaction } from '../api';
import {
  amountColumn,
  dateColumn,
  HistoryTable,
  methodColumn,
  statusColumn,
  typeColumn,
  useHistoryFilters,
} from '../components/history-table';
import { ADMIN_STATUS_LABELS } from '../../../lib/transaction-labels';

/**
 * Whether a line can be voided: an approved, not yet voided line that is not itself a reversal nor
 * a client's withdrawal request (those are declined in their review instead). The server decides.
 */
function voidable(t: PublicTransaction): boolean {
  const withdrawalRequest = t.type === 'withdrawal' && t.method !== 'account';
  return t.status === 'approved' && !t.voided && t.type !== 'reversal' && !withdrawalRequest;
}

function VoidButton({ line }: { line: PublicTransaction }) {
  const voidLine = useVoidTransaction();
  const run = async () => {
    const confirmed = await confirmAction({
      title: 'Void transaction',
      message:
        'Do you really want to delete this transaction? It will be voided by a reversing entry; the history keeps both.',
      confirmLabel: 'Void',
      danger: true,
    });
    if (!confirmed) return;
    voidLine.mutate(line._id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
    });
  };
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      onClick={run}
      disabled={!voidable(line) || voidLine.isPending}
    >
      Void
    </Button>
  );
}

const COLUMNS: Column<PublicTransaction>[] = [
  dateColumn,
  typeColumn,
  methodColumn,
  {
    header: 'Details',
    cell: (t) => (
      <Text size="sm" lineClamp={2} maw={280}>
        {t.details || '—'}
      </Text>
    ),
  },
  amountColumn,
  statusColumn(ADMIN_STATUS_LABELS),
  { header: 'Action', cell: (t) => <VoidButton line={t} /> },
];

/** /admin/transactions/:id?name=: a client's history; lines are voided, never deleted. */
export function AdminTransactionsPage() {
  const { id = '' } = useParams();
  const name = useNameParam();
  const history = useHistoryFilters();
  const query = useQuery(adminHistoryQuery(id, history.params));
  const addLink = `${paths.admin.addTransaction}?${new URLSearchParams({ userId: id, ...(name && { name }) })}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ClientPageTitle title="Transactions" name={name} />
        <Button component={Link} to={addLink} leftSection={<IconPlus size={16} aria-hidden />}>
          Add transaction
        </Button>
      </Group>
      <HistoryTable
        caption="Transactions"
        columns={COLUMNS}
        query={query}
        history={history}
        statusLabels={ADMIN_STATUS_LABELS}
      />
    </Stack>
  );
}
