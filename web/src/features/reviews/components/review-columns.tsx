import { Stack } from '@mantine/core';
import type { RequestStatus } from '@common/schemas/deposits';
import { CellText, type Column } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { REVIEW_KINDS, type ReviewKind } from '../kinds';
import { ReviewActions } from './review-actions';
import { IdentityBadge, NewDestinationBadge, type ReviewFacts } from './review-facts';

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
 * Columns every review table shares: the date, the amount, and on a client's page status with the
 * checks (identity, new destination), the reason of a rejection or decline, and actions.
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
  /**
   * Status (with the checks: the client's identity, a withdrawal's destination when new), reason
   * and actions (with Delete) of one client's requests of `kind`; `factsOf` answers a request's
   * facts once read.
   */
  review: (
    kind: ReviewKind,
    clientName?: string,
    factsOf: (r: Request) => ReviewFacts | undefined = () => undefined,
  ): Column<Request>[] => [
    {
      header: 'Status',
      cell: (r) => {
        const facts = factsOf(r);
        return (
          <Stack gap={4} align="flex-start">
            <StatusBadge status={r.status} labels={REVIEW_KINDS[kind].statusLabels} />
            {facts && <IdentityBadge identity={facts.identity} />}
            {facts?.newDestination && <NewDestinationBadge />}
          </Stack>
        );
      },
    },
    {
      header: 'Reason',
      // the whole reason, wrapped: staff read what the client reads, never a cut of it
      cell: (r) => <CellText miw={180}>{r.reason ?? '—'}</CellText>,
    },
    {
      header: 'Actions',
      nowrap: true,
      actions: true,
      permission: REVIEW_KINDS[kind].permission,
      cell: (r) => (
        <ReviewActions kind={kind} request={r} clientName={clientName} facts={factsOf(r)} withDelete />
      ),
    },
  ],
};
