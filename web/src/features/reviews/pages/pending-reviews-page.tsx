import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { PendingReview } from '@common/schemas/transactions';
import { paths } from '../../../config/paths';
import { DateRangeFilter, useDateRange } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterPanel } from '../../../components/filter-panel';
import { PageTitle } from '../../../components/page-title';
import { PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { usePaging } from '../../../hooks/use-paging';
import { downloadPendingReviewsCsv, pendingReviewsQuery } from '../api';
import { REVIEW_KINDS, walletLabel } from '../kinds';
import { ProofButton } from '../components/proof-button';
import { ReviewActions } from '../components/review-actions';
import { reviewColumns } from '../components/review-columns';
import { DestinationText, IdentityBadge } from '../components/review-facts';

const fullName = (r: PendingReview) => `${r.user.firstName} ${r.user.lastName}`;

/** The client's page for this kind of request. */
function clientPage(r: PendingReview): string {
  const page = {
    deposit: paths.admin.deposits,
    'crypto-withdrawal': paths.admin.cryptoWithdrawals,
    'bank-withdrawal': paths.admin.bankWithdrawals,
  };
  return page[r.kind](r.userId, fullName(r));
}

const COLUMNS: Column<PendingReview>[] = [
  {
    header: 'Client',
    cell: (r) => (
      <>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={clientPage(r)} size="sm" fw={600}>
            {fullName(r)}
          </Anchor>
          {r.userBlocked && (
            // a blocked client's withdrawal can only be declined (approving answers 409)
            <Badge color="red.9" variant="filled" size="sm" miw="max-content">
              Blocked
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {r.user.email}
        </Text>
        <Group mt={4}>
          <IdentityBadge identity={r.identity} />
        </Group>
      </>
    ),
  },
  { header: 'Kind', cell: (r) => REVIEW_KINDS[r.kind].label },
  reviewColumns.amount,
  {
    header: 'Details',
    cell: (r) =>
      r.kind === 'deposit' ? (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{walletLabel(r.method)}</Text>
          <ProofButton depositId={r._id} />
        </Group>
      ) : (
        <DestinationText facts={r} />
      ),
  },
  { ...reviewColumns.date, header: 'Requested' },
  {
    header: 'Actions',
    nowrap: true,
    actions: true,
    cell: (r) => (
      <ReviewActions kind={r.kind} request={{ ...r, status: 'pending' }} clientName={fullName(r)} facts={r} />
    ),
  },
];

/**
 * /admin/pending-reviews: every client's pending deposits and withdrawals, oldest first, a page at a
 * time from the server (sizes 10/20/30/40, Previous/Next), narrowed to the days they were made
 * (`?from=&to=`). Blocked clients carry a "Blocked" badge; every row the client's identity (a red
 * "Identity rejected" when refused), and a withdrawal its masked destination, flagged when new.
 */
export function PendingReviewsPage() {
  const paging = usePaging();
  const requested = useDateRange((set) => (day) => {
    set(day);
    paging.setPage(1);
  });
  const query = useQuery(
    pendingReviewsQuery({ page: paging.page, pageSize: paging.pageSize, ...requested.range }),
  );
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const { page, setPage } = paging;
  // the server pulls nothing back: when the last rows of the last page were reviewed, go back a page
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage, setPage]);

  return (
    <Stack gap="md">
      <PageTitle
        title={`Pending reviews${query.data ? ` (${total})` : ''}`}
        description="Deposits and withdrawals waiting for a decision, oldest first."
      />
      <FilterPanel active={requested.active ? 1 : 0}>
        <DateRangeFilter label="Requested" {...requested.filter} />
      </FilterPanel>
      <Group>
        <ExportCsvButton
          download={() => downloadPendingReviewsCsv(requested.range)}
          failure="The export failed"
        />
      </Group>
      <PagedTable
        caption="Pending reviews"
        columns={COLUMNS}
        {...serverPage(query)}
        emptyText={
          requested.active ? 'No pending request was made on those days' : 'Nothing is waiting for review'
        }
        paging={paging}
        minWidth={860}
      />
    </Stack>
  );
}
