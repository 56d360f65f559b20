import { Anchor, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PublicTransaction } from '@common/schemas/transactions';
import { paths } from '../../../config/paths';
import { LineType } from '../../../components/line-type';
import { PagedTable, queryStatus, type Column } from '../../../components/paged-table';
import { SignedAmount } from '../../../components/signed-amount';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import { useRecentTransactions } from '../api';
import { CLIENT_STATUS_LABELS } from '../../../lib/transaction-labels';

const COLUMNS: Column<PublicTransaction>[] = [
  {
    header: 'Amount',
    numeric: true,
    nowrap: true,
    cell: (t) => <SignedAmount line={t} />,
  },
  { header: 'Type', cell: (t) => <LineType line={t} /> },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} labels={CLIENT_STATUS_LABELS} /> },
  { header: 'Date', nowrap: true, cell: (t) => formatDateTime(t.date ?? t.createdAt) },
];

/** The latest 10 lines of the client's history. */
export function RecentTransactions() {
  const query = useRecentTransactions();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="transactions-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} id="transactions-title" fz="lg">
          Transactions
        </Title>
        <Anchor component={Link} to={paths.account.transactionHistory} size="sm">
          View all
        </Anchor>
      </Group>
      <PagedTable
        caption="Transactions"
        columns={COLUMNS}
        rows={query.data}
        rowKey={(t) => t._id}
        {...queryStatus(query)}
        emptyText="No transaction found"
        minWidth={480}
      />
    </Card>
  );
}
