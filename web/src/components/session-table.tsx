import { Badge, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SessionInfo } from '@common/schemas/auth';
import { describeUserAgent } from '../lib/user-agent';
import { dateColumn, PagedTable, queryStatus, type Column } from './paged-table';

interface SessionTableProps {
  /** Names the table ("Active sessions"). */
  caption: string;
  /** The query of the sessions (the user's own, or the admin's read of a client's). */
  query: UseQueryResult<SessionInfo[]>;
  /** A last column, e.g. the owner's "Sign out" of each other session. */
  action?: Column<SessionInfo>;
}

const COLUMNS: Column<SessionInfo>[] = [
  {
    header: 'Device',
    cell: (s) => (
      <Stack gap={2} align="flex-start">
        <Text size="sm" fw={500} title={s.userAgent ?? undefined}>
          {describeUserAgent(s.userAgent)}
        </Text>
        {s.current && (
          <Badge size="sm" variant="light">
            This device
          </Badge>
        )}
      </Stack>
    ),
  },
  { header: 'IP address', cell: (s) => s.ip ?? '—' },
  dateColumn('Signed in', (s) => s.createdAt),
  dateColumn('Last active', (s) => s.lastUsedAt),
];

/**
 * The open sessions of one user (GET /auth/sessions, or the admin's read of a client's): device
 * (shortened user agent, "This device" for the one asking), IP, when it was opened and last used.
 */
export function SessionTable({ caption, query, action }: SessionTableProps) {
  return (
    <PagedTable
      caption={caption}
      columns={action ? [...COLUMNS, action] : COLUMNS}
      rows={query.data}
      rowKey={(s) => s.id}
      {...queryStatus(query)}
      emptyText="No open sessions"
      minWidth={action ? 680 : 560}
    />
  );
}
