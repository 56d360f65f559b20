import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { QueryList } from '../../../components/query-list';
import { SectionCard } from '../../../components/section-card';
import { DotBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import { ownApiKeysQuery, useRevokeOwnApiKey, type ApiKey } from '../api';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const STATUS_COLOR: Record<ApiKey['status'], string> = { active: 'green', expired: 'gray', revoked: 'red' };
const STATUS_TEXT: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** One key: name, first characters, status, expiry and last use, and Revoke while it is active. */
function KeyRow({ apiKey: k }: { apiKey: ApiKey }) {
  const revoke = useRevokeOwnApiKey();
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {k.name}
            </Text>
            <DotBadge color={STATUS_COLOR[k.status]}>{STATUS_TEXT[k.status]}</DotBadge>
          </Group>
          <Text size="sm" c="dimmed">
            <Text span ff="monospace" size="sm">
              {k.prefix}…
            </Text>{' '}
            · Expires {formatDateTime(k.expiresAt)} · Last used{' '}
            {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'never'}
          </Text>
        </Stack>
        {k.status === 'active' ? (
          <ConfirmedButton
            confirmation={{
              title: 'Revoke API key',
              message: `"${k.name}" (${k.prefix}…) is refused from its next call. This cannot be undone.`,
              confirmLabel: 'Revoke',
              danger: true,
            }}
            mutation={revoke}
            variables={{ id: k.id }}
          >
            Revoke
          </ConfirmedButton>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * The client's own read-only API keys (docs/integrations.md "Client keys"), on their Security tab:
 * each key with its status, expiry and last use, Revoke, and Create API key (name, networks, expiry
 * and an authenticator code; the key shown once). A key reads the client's history, statements and
 * balances, nothing else.
 */
export function ClientApiKeysPanel() {
  const query = useQuery(ownApiKeysQuery);
  const [creating, setCreating] = useState(false);
  return (
    <SectionCard
      title="API keys"
      description="A read-only key lets your own app or spreadsheet read your history, statements and balances. It can never move money or change anything. Creating one needs your authenticator code."
      aside={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconKey size={14} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          Create API key
        </Button>
      }
    >
      <QueryList
        query={query}
        what="your API keys"
        loading="Loading API keys…"
        empty="No API keys yet."
        label="Your API keys"
      >
        {(k) => <KeyRow key={k.id} apiKey={k} />}
      </QueryList>
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} forClient />
    </SectionCard>
  );
}
