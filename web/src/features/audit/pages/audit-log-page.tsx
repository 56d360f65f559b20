import { Anchor, CloseButton, Code, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PublicAuditEntry } from '@common/schemas/audit';
import { paths } from '../../../app/paths';
import { PagedTable, queryStatus, usePaging, type Column } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { auditFiltersQuery, auditQuery } from '../api';
import { ChangeList } from '../components/change-list';

const wrap = { overflowWrap: 'anywhere' } as const;

const COLUMNS: Column<PublicAuditEntry>[] = [
  { header: 'Time', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
  {
    header: 'Admin',
    cell: (r) => (
      <Text size="sm" style={wrap}>
        {r.actor.email}
      </Text>
    ),
  },
  {
    header: 'Action',
    nowrap: true,
    cell: (r) => <Code>{r.action}</Code>,
  },
  {
    header: 'Client',
    cell: (r) =>
      r.targetUser ? (
        <Anchor component={Link} to={paths.admin.user(r.targetUser._id)} size="sm" style={wrap}>
          {r.targetUser.email}
        </Anchor>
      ) : (
        '—'
      ),
  },
  {
    header: 'Target',
    cell: (r) =>
      r.targetId ? (
        <Text size="xs" ff="monospace" title={r.targetId}>
          {r.targetId.slice(0, 8)}
        </Text>
      ) : (
        '—'
      ),
  },
  { header: 'Before → After', cell: (r) => <ChangeList before={r.before} after={r.after} /> },
  { header: 'IP', cell: (r) => r.ip ?? '—', nowrap: true },
];

/**
 * /admin/audit-log: every admin change — time, admin, action, client, target row, before →
 * after, IP — newest first, filtered by admin, client and action, with paging. Read-only: nothing here
 * (nor in the API) edits or deletes a row. `?targetUserId=&client=` opens it on one client.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  const targetUserId = params.get('targetUserId') ?? undefined;
  const [actorId, setActorId] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [client, setClient] = useState(targetUserId ? '' : (params.get('client') ?? ''));
  const [debouncedClient] = useDebouncedValue(client.trim(), 300);
  const filters = useQuery(auditFiltersQuery());
  const query = useQuery(
    auditQuery({
      page: paging.page,
      pageSize: paging.pageSize,
      actorId: actorId ?? undefined,
      action: action ?? undefined,
      targetUserId,
      client: debouncedClient || undefined,
    }),
  );
  const filtered = Boolean(actorId || action || targetUserId || debouncedClient);

  const clearClient = () => {
    setParams({}, { replace: true });
    paging.setPage(1);
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Audit Log
      </Title>
      <Text c="dimmed">
        Every change an admin makes is recorded here in the same database transaction as the change. The log
        cannot be edited or deleted.
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Admin"
          placeholder="All admins"
          data={(filters.data?.admins ?? []).map((a) => ({ value: a._id, label: a.email }))}
          value={actorId}
          onChange={(value) => {
            setActorId(value);
            paging.setPage(1);
          }}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label="Action"
          placeholder="All actions"
          data={filters.data?.actions ?? []}
          value={action}
          onChange={(value) => {
            setAction(value);
            paging.setPage(1);
          }}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        {targetUserId ? (
          <TextInput
            label="Client"
            value={params.get('client') ?? targetUserId}
            readOnly
            rightSection={<CloseButton aria-label="Show every client" onClick={clearClient} />}
            w={{ base: '100%', xs: 300 }}
          />
        ) : (
          <TextInput
            label="Client"
            placeholder="E-mail or name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={client}
            onChange={(event) => {
              setClient(event.currentTarget.value);
              paging.setPage(1);
            }}
            w={{ base: '100%', xs: 300 }}
          />
        )}
      </Group>
      <PagedTable
        caption="Audit log"
        columns={COLUMNS}
        rows={query.data?.data}
        rowKey={(r) => r._id}
        {...queryStatus(query)}
        emptyText={filtered ? 'No recorded action matches the filters' : 'No admin action recorded yet'}
        paging={paging}
        total={query.data?.total ?? 0}
        minWidth={960}
      />
    </Stack>
  );
}
