import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { PagedTable, serverPage, usePaging } from '../../../components/paged-table';
import { approvalsQuery, type ApprovalsView } from '../api';
import { approvalColumns } from '../components/approval-columns';

/** Each view's label and what the page says when it has no request. */
const VIEWS: Record<ApprovalsView, { label: string; empty: string }> = {
  pending: { label: 'Pending', empty: 'Nothing is waiting for approval' },
  decided: { label: 'Decided', empty: 'No request has been decided yet' },
};

const DESCRIPTION =
  'Large money actions wait here until a second staff member approves them; nothing moves before, and nobody approves their own. Pending: oldest first; decided: newest first.';

/**
 * /admin/approvals (`approvals.decide`, docs/security.md "Four-eyes approval"): the approval
 * requests a page at a time from the server, Pending (oldest first, with Approve and Reject) or
 * Decided (newest first, with the status, checker and a rejection's reason). Narrow screens scroll
 * the table sideways, as the other back-office tables do.
 */
export function ApprovalsPage() {
  const [view, setView] = useState<ApprovalsView>('pending');
  const paging = usePaging();
  const query = useQuery({
    ...approvalsQuery({ page: paging.page, pageSize: paging.pageSize, status: view }),
    // the page on screen stays while the next one loads, but never the other view's rows
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === view ? previous : undefined,
  });
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const { page, setPage } = paging;
  // the server pulls nothing back: when the last rows of the last page were decided, go back a page
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage, setPage]);
  const loaded = query.data !== undefined && !query.isPlaceholderData;
  const pendingCount = view === 'pending' && loaded ? ` (${total})` : '';

  return (
    <Stack gap="md">
      <PageTitle title={`Approvals${pendingCount}`} description={DESCRIPTION} />
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
      {loaded && total === 0 ? (
        // said outside the table, which a phone would scroll sideways past the words
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {VIEWS[view].empty}
          </Text>
        </Paper>
      ) : (
        <PagedTable
          key={view}
          caption={view === 'pending' ? 'Pending approval requests' : 'Decided approval requests'}
          columns={approvalColumns(view)}
          {...serverPage(query)}
          emptyText={VIEWS[view].empty}
          paging={paging}
          minWidth={900}
        />
      )}
    </Stack>
  );
}
