import { Badge, Stack, Text } from '@mantine/core';
import type { SessionInfo } from '@common/schemas/auth';
import { formatDateTime } from '../lib/format';
import { describeUserAgent } from '../lib/user-agent';
import { PagedTable, type Column } from './paged-table';

interface SessionTableProps {
  /** Names the table ("Active sessions"). */
  caption: string;
  /** undefined until the first answer. */
  sessions: SessionInfo[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
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
  { header: 'Signed in', nowrap: true, cell: (s) => formatDateTime(s.createdAt) },
  { header: 'Last active', nowrap: true, cell: (s) => formatDateTime(s.lastUsedAt) },
];

/**
 * The open sessions of one user (GET /auth/sessions, or the admin's read of a client's): device
 * (shortened user agent, "This device" for the one asking), IP, when it was opened and last used.
 */
export function SessionTable({ caption, sessions, loading, error, onRetry, action }: SessionTableProps) {
  return (
    <PagedTable
      caption={caption}
      columns={action ? [...COLUMNS, action] : COLUMNS}
      rows={sessions}
      rowKey={(s) => s.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText="No open sessions"
      minWidth={action ? 680 : 560}
    />
  );
}
