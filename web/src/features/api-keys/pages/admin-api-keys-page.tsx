import { Button, Group, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { NotAllowed } from '../../../components/admin/not-allowed';
import { Can } from '../../../components/can';
import { PageTitle } from '../../../components/page-title';
import { DotBadge } from '../../../components/status-badge';
import {
  CellText,
  dateColumn,
  NameWithCode,
  PagedTable,
  queryStatus,
  type Column,
} from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { apiKeysQuery, useRevokeApiKey, type ApiKey } from '../api';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';

const DESCRIPTION =
  'Keys let another system (a CRM, an accounting tool, your own scripts) use the back office without signing in. Each key acts for the staff member who created it, with only the permissions it was given, from its networks, until it expires or is revoked. Its secret is shown once, when it is created; every change made with it is audited with the key beside its member.';

const STATUS_COLOR: Record<ApiKey['status'], string> = { active: 'green', expired: 'gray', revoked: 'red' };
const STATUS_TEXT: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Revoke, with a reason, for a key still active. */
function RevokeAction({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  if (apiKey.status !== 'active') return null;
  return (
    <ConfirmedButton
      confirmation={{
        title: 'Revoke API key',
        message: `"${apiKey.name}" (${apiKey.prefix}…) is refused from its next call, on every server. This cannot be undone.`,
        confirmLabel: 'Revoke',
        danger: true,
        reason: { description: 'Kept in the audit log and shown in this list.' },
      }}
      mutation={revoke}
      variables={{ id: apiKey.id }}
      outcome={{ success: 'API key revoked' }}
    >
      Revoke
    </ConfirmedButton>
  );
}

const columns: Column<ApiKey>[] = [
  {
    header: 'Name',
    cell: (k) => <NameWithCode name={k.name} code={`${k.prefix}…`} />,
  },
  {
    header: 'Status',
    nowrap: true,
    cell: (k) => <DotBadge color={STATUS_COLOR[k.status]}>{STATUS_TEXT[k.status]}</DotBadge>,
  },
  { header: 'Acts for', cell: (k) => <CellText miw={140}>{k.member.name}</CellText> },
  { header: 'Permissions', cell: (k) => <CellText miw={180}>{k.permissions.join(', ')}</CellText> },
  {
    header: 'Networks',
    cell: (k) => (
      <CellText miw={120}>
        {k.allowedNetworks.length ? k.allowedNetworks.join(', ') : 'Staff networks'}
      </CellText>
    ),
  },
  dateColumn('Expires', (k) => k.expiresAt),
  {
    header: 'Last used',
    nowrap: true,
    cell: (k) => (k.lastUsedAt ? `${formatDateTime(k.lastUsedAt)} · ${k.lastUsedIp ?? ''}` : 'Never'),
  },
  {
    header: 'Revoked',
    cell: (k) =>
      k.revokedAt ? (
        <CellText miw={160}>{`${formatDateTime(k.revokedAt)}: ${k.revokeReason ?? ''}`}</CellText>
      ) : (
        '—'
      ),
  },
  { header: 'Actions', actions: true, cell: (k) => <RevokeAction apiKey={k} /> },
];

function ApiKeys() {
  const query = useQuery(apiKeysQuery);
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md" w="100%" maw={1200} mx="auto">
      <PageTitle title="API keys" description={DESCRIPTION} />
      <Group>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Group>
      <PagedTable
        caption="API keys"
        columns={columns}
        rows={query.data}
        rowKey={(k) => k.id}
        {...queryStatus(query)}
        emptyText="No API key yet. Create one for each system that should use the back office."
        minWidth={1000}
      />
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/**
 * /admin/api-keys (owner: `apiKeys.manage`, docs/integrations.md "API keys"): the keys with their
 * status, member, permissions, networks, expiry and last use; Create API key (the secret shown
 * once) and Revoke with a reason. Other roles see why they may not.
 */
export function AdminApiKeysPage() {
  return (
    <Can permission="apiKeys.manage" fallback={<NotAllowed />}>
      <ApiKeys />
    </Can>
  );
}
