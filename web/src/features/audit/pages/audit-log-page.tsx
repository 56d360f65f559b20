import { CloseButton, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicAuditEntry } from '@common/schemas/audit';
import { DateRangeFilter, useDateRange } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterPanel } from '../../../components/filter-panel';
import { FilterSelects, type TableFilter } from '../../../components/filter-select';
import { dateColumn, PagedTable, serverPage, type Column } from '../../../components/paged-table';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { auditFiltersQuery, auditQuery, downloadAuditCsv } from '../api';
import { ChangeList } from '../components/change-list';
import { PersonLink } from '../components/person-link';

const COLUMNS: Column<PublicAuditEntry>[] = [
  dateColumn('Time', (r) => r.createdAt),
  {
    header: 'Admin',
    cell: (r) =>
      r.apiKey ? (
        <Stack gap={2}>
          <PersonLink person={r.actor} />
          <Text size="xs" c="dimmed">
            with API key {r.apiKey.name} ({r.apiKey.prefix}…)
          </Text>
        </Stack>
      ) : (
        <PersonLink person={r.actor} />
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
        <PersonLink person={r.targetUser} />
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
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
  {
    header: 'Before → After',
    cell: (r) => <ChangeList before={r.before} after={r.after} people={r.people} />,
  },
  { header: 'IP', cell: (r) => r.ip ?? '—', nowrap: true },
];

/**
 * /admin/audit-log: every admin change — time, admin, action, client, target row, before →
 * after, IP; people by name and e-mail, each a link to their page — newest first, filtered by admin, client, action and days (`?from=&to=`), with paging. Read-only: nothing here
 * (nor in the API) edits or deletes a row. `?targetUserId=&client=` opens it on one client.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const targetUserId = params.get('targetUserId') ?? undefined;
  const client = usePagedSearch(targetUserId ? '' : (params.get('client') ?? ''));
  const [actorId, setActorId] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const recorded = useDateRange(client.refilter);
  const options = useQuery(auditFiltersQuery());
  // the list's filters: the page's query adds its paging, the export takes every matching row
  const listed = {
    actorId: actorId ?? undefined,
    action: action ?? undefined,
    targetUserId,
    client: client.searched,
    ...recorded.range,
  };
  const query = useQuery(
    auditQuery({ page: client.paging.page, pageSize: client.paging.pageSize, ...listed }),
  );
  const filtered = Boolean(actorId || action || targetUserId || client.searched || recorded.active);
  const filters: TableFilter[] = [
    {
      label: 'Admin',
      placeholder: 'All admins',
      data: (options.data?.admins ?? []).map((a) => ({ value: a._id, label: a.email })),
      value: actorId,
      onChange: client.refilter(setActorId),
      searchable: true,
      w: { base: '100%', xs: 260 },
    },
    {
      label: 'Action',
      placeholder: 'All actions',
      data: options.data?.actions ?? [],
      value: action,
      onChange: client.refilter(setAction),
      searchable: true,
      w: { base: '100%', xs: 220 },
    },
  ];
  const clearClient = client.refilter(() =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('targetUserId');
        next.delete('client');
        return next;
      },
      { replace: true },
    ),
  );

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Audit Log
      </Title>
      <Text c="dimmed">
        Every change an admin makes is recorded here in the same database transaction as the change. The log
        cannot be edited or deleted.
      </Text>
      <FilterPanel
        active={[actorId, action, targetUserId || client.searched, recorded.active].filter(Boolean).length}
      >
        <FilterSelects filters={filters} />
        {targetUserId ? (
          <TextInput
            label="Client"
            value={params.get('client') ?? targetUserId}
            readOnly
            rightSection={<CloseButton aria-label="Show every client" onClick={clearClient} />}
            w={{ base: '100%', xs: 300 }}
          />
        ) : (
          <SearchInput
            label="Client"
            placeholder="E-mail or name"
            value={client.search}
            onChange={client.setSearch}
            w={{ base: '100%', xs: 300 }}
          />
        )}
        <DateRangeFilter label="Recorded" {...recorded.filter} />
      </FilterPanel>
      <Group>
        <ExportCsvButton download={() => downloadAuditCsv(listed)} failure="The export failed" />
      </Group>
      <PagedTable
        caption="Audit log"
        columns={COLUMNS}
        {...serverPage(query)}
        emptyText={filtered ? 'No recorded action matches the filters' : 'No admin action recorded yet'}
        paging={client.paging}
        minWidth={960}
      />
    </Stack>
  );
}
