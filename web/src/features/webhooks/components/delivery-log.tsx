import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { DotBadge } from '../../../components/status-badge';
import {
  CellText,
  NameWithCode,
  PagedTable,
  queryStatus,
  type Column,
} from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import {
  downloadDeliveriesCsv,
  useRedeliverWebhook,
  webhookDeliveriesQuery,
  type WebhookDelivery,
} from '../api';

type Status = WebhookDelivery['status'];
const STATUS_COLOR: Record<Status, string> = { pending: 'orange', succeeded: 'green', failed: 'red' };
const STATUS_TEXT: Record<Status, string> = { pending: 'Trying', succeeded: 'Delivered', failed: 'Failed' };
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Trying' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

/** A time, or a dash. */
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : '—');

/** The last try: the endpoint's HTTP status and how long it took, or why none came. */
function lastAnswer(d: WebhookDelivery): string {
  if (d.attempts === 0 && !d.lastAttemptAt) return 'Not tried yet';
  const took = d.lastDurationMs === null ? '' : ` · ${d.lastDurationMs} ms`;
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}${took}`;
  return `${d.lastError ?? 'No answer'}${took}`;
}

/** Send again, for a delivery no longer being tried. */
function RedeliverAction({ delivery }: { delivery: WebhookDelivery }) {
  const redeliver = useRedeliverWebhook();
  if (delivery.status === 'pending') return null;
  return (
    <ConfirmedButton
      confirmation={{
        title: 'Redeliver event',
        message: `Send ${delivery.eventType} to ${delivery.endpointUrl} again? It keeps its webhook-id, so a receiver that has it already can tell.`,
        confirmLabel: 'Redeliver',
      }}
      mutation={redeliver}
      variables={{ id: delivery.id }}
      variant="outline"
      color="blue"
    >
      Redeliver
    </ConfirmedButton>
  );
}

const columns: Column<WebhookDelivery>[] = [
  { header: 'Time', nowrap: true, cell: (d) => when(d.createdAt) },
  {
    header: 'Event',
    cell: (d) => <NameWithCode name={d.eventType} code={d.eventId} />,
  },
  {
    header: 'Endpoint',
    cell: (d) => (
      <CellText miw={160} breakAnywhere>
        {d.endpointUrl}
      </CellText>
    ),
  },
  {
    header: 'Status',
    nowrap: true,
    cell: (d) => <DotBadge color={STATUS_COLOR[d.status]}>{STATUS_TEXT[d.status]}</DotBadge>,
  },
  { header: 'Tries', numeric: true, cell: (d) => d.attempts },
  { header: 'Last answer', cell: (d) => <CellText miw={140}>{lastAnswer(d)}</CellText> },
  { header: 'Next try', nowrap: true, cell: (d) => when(d.nextAttemptAt) },
  { header: 'Actions', actions: true, cell: (d) => <RedeliverAction delivery={d} /> },
];

/**
 * The delivery log (docs/integrations.md "Webhooks"): every delivery, newest first, with its event,
 * endpoint, status, tries, last answer and next try; filtered by status; "Show more" reads the next
 * cursor page; Redeliver for one no longer being tried; "Export CSV" downloads every delivery of the
 * filter. It refreshes while a delivery is being tried.
 */
export function DeliveryLog() {
  const [filter, setFilter] = useState('all');
  const status = filter === 'all' ? null : (filter as Status);
  const query = useInfiniteQuery(webhookDeliveriesQuery(status));
  const rows = query.data?.pages.flatMap((p) => p.data);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <Title order={2} fz="lg">
          Delivery log
        </Title>
        <Group gap="sm" align="end">
          <SegmentedControl
            aria-label="Show deliveries"
            size="xs"
            data={FILTERS}
            value={filter}
            onChange={setFilter}
          />
          <ExportCsvButton download={() => downloadDeliveriesCsv(status)} failure="The export failed" />
        </Group>
      </Group>
      <PagedTable
        caption="Webhook deliveries"
        columns={columns}
        rows={rows}
        rowKey={(d) => d.id}
        {...queryStatus(query)}
        emptyText="No delivery yet. Events appear here as they are sent; Ping sends a test event."
        minWidth={1000}
      />
      {query.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
