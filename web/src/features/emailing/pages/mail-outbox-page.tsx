import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { PagedTable, serverPage, usePaging } from '../../../components/paged-table';
import { outboxQuery, type OutboxView } from '../api';
import { outboxColumns } from '../components/outbox-columns';

/** Each view's label, the table's name and what the page says when it has no mail. */
const VIEWS: Record<OutboxView, { label: string; caption: string; empty: string }> = {
  failed: { label: 'Failed', caption: 'Failed mails', empty: 'No mail has failed' },
  queued: { label: 'Queued', caption: 'Queued mails', empty: 'No mail is waiting to be sent' },
  sent: { label: 'Sent', caption: 'Sent mails', empty: 'No mail has been sent yet' },
};

const DESCRIPTION =
  'Every e-mail the site sends, newest first: a mail the mail server refuses is tried again automatically for about 21 minutes, then marked failed, and a failed one can be sent again here; bodies are not shown, as they may hold codes.';

/**
 * /admin/mail (`emailing.send`): the mail outbox a page at a time from the server, Failed (with
 * Send again), Queued (with the next try) or Sent (with when). Narrow screens scroll the table
 * sideways, as the other back-office tables do.
 */
export function MailOutboxPage() {
  const [view, setView] = useState<OutboxView>('failed');
  const paging = usePaging();
  const query = useQuery({
    ...outboxQuery({ page: paging.page, pageSize: paging.pageSize, status: view }),
    // the page on screen stays while the next one loads, but never the other view's rows
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === view ? previous : undefined,
  });
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const { page, setPage } = paging;
  // a mail sent again leaves the failed view: when the last page emptied, go back a page
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.data, query.isPlaceholderData, page, lastPage, setPage]);
  const loaded = query.data !== undefined && !query.isPlaceholderData;

  return (
    <Stack gap="md">
      <PageTitle title="Mail outbox" description={DESCRIPTION} />
      <SegmentedControl
        value={view}
        onChange={(value) => {
          setView(value as OutboxView);
          setPage(1);
        }}
        data={Object.entries(VIEWS).map(([value, { label }]) => ({ value, label }))}
        aria-label="Show mails"
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
          caption={VIEWS[view].caption}
          columns={outboxColumns(view)}
          {...serverPage(query)}
          emptyText={VIEWS[view].empty}
          paging={paging}
          minWidth={900}
        />
      )}
    </Stack>
  );
}
