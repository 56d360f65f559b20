import { Text } from '@mantine/core';
import type { RequestStatus } from '@common/schemas/deposits';
import type { Column } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { REVIEW_KINDS, type ReviewKind } from '../kinds';
import { ReviewActions } from './review-actions';

/** What every reviewed request has. */
interface Request {
  _id: string;
  amount: number;
  status: RequestStatus;
  createdAt: string;
  /** Why it was rejected or declined (the client reads it too); null otherwise. */
  reason: string | null;
}

/**
 * Columns every review table shares: the date, the amount, and on a client's page status, the
 * reason of a rejection or decline, and actions.
 */
export const reviewColumns = {
  date: {
    header: 'Date',
    nowrap: true,
    cell: (r: Pick<Request, 'createdAt'>) => formatDateTime(r.createdAt),
  },
  amount: {
    header: 'Amount',
    numeric: true,
    nowrap: true,
    cell: (r: Pick<Request, 'amount'>) => formatUsd(r.amount),
  },
  /** Status and actions (with Delete) of one client's requests of `kind`. */
  review: (kind: ReviewKind, clientName?: string): Column<Request>[] => [
    {
      header: 'Status',
      cell: (r) => <StatusBadge status={r.status} labels={REVIEW_KINDS[kind].statusLabels} />,
    },
    {
      header: 'Reason',
      cell: (r) => (
        <Text size="sm" lineClamp={2} maw={240}>
          {r.reason ?? '—'}
        </Text>
      ),
    },
    {
      header: 'Actions',
      nowrap: true,
      actions: true,
      permission: REVIEW_KINDS[kind].permission,
      cell: (r) => <ReviewActions kind={kind} request={r} clientName={clientName} withDelete />,
    },
  ],
};
