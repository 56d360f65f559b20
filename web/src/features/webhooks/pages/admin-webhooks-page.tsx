import { Button, Group, Stack, Text } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { NotAllowed } from '../../../components/admin/not-allowed';
import { Can } from '../../../components/can';
import { PageTitle } from '../../../components/page-title';
import { DotBadge } from '../../../components/status-badge';
import { CellText, dateColumn, PagedTable, queryStatus, type Column } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  usePingWebhookEndpoint,
  useUpdateWebhookEndpoint,
  webhookEndpointsQuery,
  type WebhookEndpoint,
} from '../api';
import { AddEndpointDialog } from '../components/add-endpoint-dialog';
import { DeliveryLog } from '../components/delivery-log';

const DESCRIPTION =
  'Webhooks tell another system (a CRM, an accounting tool) at once when something happens: a deposit approved, a withdrawal requested, a client blocked. Each delivery is signed with the endpoint’s secret, carries ids and amounts only, and is tried again for about 3 days until the endpoint answers; one that fails for 3 days is turned off and the owners are e-mailed.';

/** Enabled, failing (since when) or disabled (and why). */
function EndpointStatus({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  if (!e.enabled)
    return (
      <Stack gap={2}>
        <DotBadge color="gray">Disabled</DotBadge>
        <CellText miw={140} dimmed>
          {e.disabledReason ?? ''}
        </CellText>
      </Stack>
    );
  if (e.failingSince)
    return (
      <Stack gap={2}>
        <DotBadge color="orange">Failing</DotBadge>
        <Text size="xs" c="dimmed">
          since {formatDateTime(e.failingSince)}
        </Text>
      </Stack>
    );
  return <DotBadge color="green">Enabled</DotBadge>;
}

/** Ping (a signed test event), and turning the endpoint off with a reason or on again. */
function EndpointActions({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const ping = usePingWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const onPing = () =>
    ping.mutate(e.id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) =>
        notifyError(errorMessage(error, 'Something went wrong'), 'Could not send the test event'),
    });
  return (
    <Group gap="xs" wrap="nowrap">
      {e.enabled ? (
        <>
          <Button
            size="xs"
            variant="outline"
            onClick={onPing}
            disabled={ping.isPending}
            aria-label={`Ping ${e.url}`}
          >
            {ping.isPending ? 'Loading...' : 'Ping'}
          </Button>
          <ConfirmedButton
            confirmation={{
              title: 'Turn off endpoint',
              message: `No more events are sent to ${e.url} until it is turned on again.`,
              confirmLabel: 'Turn off',
              danger: true,
              reason: { description: 'Kept on the endpoint and in the audit log.' },
            }}
            mutation={update}
            variables={{ id: e.id, enabled: false }}
            outcome={{ success: 'Endpoint turned off' }}
          >
            Turn off
          </ConfirmedButton>
        </>
      ) : (
        <ConfirmedButton
          confirmation={{
            title: 'Turn on endpoint',
            message: `Events are sent to ${e.url} again; its past failures are forgotten. Redeliver what it missed from the log below.`,
            confirmLabel: 'Turn on',
          }}
          mutation={update}
          variables={{ id: e.id, enabled: true }}
          outcome={{ success: 'Endpoint turned on' }}
          variant="outline"
          color="blue"
        >
          Turn on
        </ConfirmedButton>
      )}
    </Group>
  );
}

const columns: Column<WebhookEndpoint>[] = [
  {
    header: 'Endpoint',
    cell: (e) => (
      <Stack gap={0}>
        <CellText miw={180} breakAnywhere>
          {e.url}
        </CellText>
        {e.description ? (
          <Text size="xs" c="dimmed">
            {e.description}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { header: 'Status', cell: (e) => <EndpointStatus endpoint={e} /> },
  { header: 'Events', cell: (e) => <CellText miw={180}>{e.eventTypes.join(', ')}</CellText> },
  {
    header: 'Secret',
    nowrap: true,
    cell: (e) => (
      <Text size="sm" ff="monospace">
        …{e.secretHint}
      </Text>
    ),
  },
  dateColumn('Added', (e) => e.createdAt),
  { header: 'Actions', actions: true, cell: (e) => <EndpointActions endpoint={e} /> },
];

function Webhooks() {
  const query = useQuery(webhookEndpointsQuery);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg" w="100%" maw={1200} mx="auto">
      <PageTitle title="Webhooks" description={DESCRIPTION} />
      <Stack gap="sm">
        <Group>
          <Button leftSection={<IconWebhook size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        </Group>
        <PagedTable
          caption="Webhook endpoints"
          columns={columns}
          rows={query.data}
          rowKey={(e) => e.id}
          {...queryStatus(query)}
          emptyText="No endpoint yet. Add one for each system that should hear about events."
          minWidth={900}
        />
      </Stack>
      <DeliveryLog />
      <AddEndpointDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/**
 * /admin/webhooks (owner: `webhooks.manage`, docs/integrations.md "Webhooks"): the endpoints with
 * their status, events and secret's last characters; Add endpoint (the secret shown once), Ping,
 * Turn off with a reason, Turn on; and the delivery log with Redeliver. Other roles see why they
 * may not.
 */
export function AdminWebhooksPage() {
  return (
    <Can permission="webhooks.manage" fallback={<NotAllowed />}>
      <Webhooks />
    </Can>
  );
}
