import { SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { PagedTable, serverPage, usePaging } from '../../../components/paged-table';
import { approvalsQuery, type ApprovalsView } from '../api';
import { approvalColumns } from '../components/approval-columns';

/** What each view says and shows when it is empty. */
const VIEWS: Record<ApprovalsView, { label: string; description: string; empty: string }> = {
  pending: {
    label: 'Pending',
    description:
      'Large money actions wait here until a second staff member approves them, oldest first. Nothing has moved yet; you cannot approve your own.',
    empty: 'Nothing is waiting for approval',
  },
  decided: {
    label: 'Decided',
    description:
      'Approved and rejected requests, newest first, with the checker and the reason of a rejection.',
    empty: 'No request has been decided yet',
  },
};

/**
 * /admin/approvals (`approvals.decide`, docs/security.md "Four-eyes approval"): the approval
 * requests a page at a time from the server, Pending (oldest first, with Approve and Reject) or
 * Decided (newest first, with the status, checker and a rejection's reason). Narrow screens scroll
 * the table sideways.
 */
export function ApprovalsPage() {
  const [view, setView] = useState<ApprovalsView>('pending');
  const paging = usePaging();
  const query = useQuery(approvalsQuery({ page: paging.page, pageSize: paging.pageSize, status: view }));
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const { page, setPage } = paging;
  // the server pulls nothing back: when the last rows of the last page were decided, go back a page
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage, setPage]);
  const settings = VIEWS[view];
  const pendingCount = view === 'pending' && query.data && !query.isPlaceholderData ? ` (${total})` : '';

  return (
    <Stack gap="md">
      <PageTitle title={`Approvals${pendingCount}`} description={settings.description} />
      <SegmentedControl
        value={view}
        onChange={(value) => {
          setView(value as ApprovalsView);
          setPage(1);
        }}
        data={Object.entries(VIEWS).map(([value, { label }]) => ({ value, label }))}
        aria-label="Show requests"
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <PagedTable
        key={view}
        caption={view === 'pending' ? 'Pending approval requests' : 'Decided approval requests'}
        columns={approvalColumns(view)}
        {...serverPage(query)}
        emptyText={settings.empty}
        paging={paging}
        minWidth={view === 'pending' ? 1000 : 1100}
      />
    </Stack>
  );
}
