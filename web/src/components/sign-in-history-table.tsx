import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SignInEvent, SignInResult } from '@common/schemas/auth';
import { describeUserAgent } from '../lib/user-agent';
import type { Paging } from '../hooks/use-paging';
import { dateColumn, PagedTable, queryStatus, type Column } from './paged-table';
import { DotBadge, type StatusLook } from './status-badge';

/** How each recorded outcome reads, and its colour (dot badges keep dark text for contrast). */
const RESULTS: Record<SignInResult, StatusLook> = {
  success: { label: 'Signed in', color: 'green' },
  wrong_password: { label: 'Wrong password', color: 'red' },
  two_factor_failed: { label: 'Wrong authentication code', color: 'red' },
  locked: { label: 'Refused: too many attempts', color: 'orange' },
  blocked: { label: 'Refused: account blocked', color: 'red' },
};

const COLUMNS: Column<SignInEvent & { n: number }>[] = [
  dateColumn('When', (e) => e.at),
  {
    header: 'Result',
    cell: (e) => <DotBadge color={RESULTS[e.result].color}>{RESULTS[e.result].label}</DotBadge>,
  },
  { header: 'IP address', cell: (e) => e.ip ?? '—' },
  {
    header: 'Device',
    cell: (e) => (
      <Text size="sm" title={e.userAgent ?? undefined}>
        {describeUserAgent(e.userAgent)}
      </Text>
    ),
  },
];

interface SignInHistoryTableProps {
  /** Names the table ("Sign-in history"). */
  caption: string;
  /** The query of the current page (the user's own history, or the admin's read of a client's). */
  query: UseQueryResult<{ data: SignInEvent[]; total: number }>;
  paging: Paging;
}

/**
 * One user's sign-in attempts, newest first, a page at a time from the server
 * (GET /auth/sign-in-history or the admin's read of a client's): when, the outcome, IP and device.
 */
export function SignInHistoryTable({ caption, query, paging }: SignInHistoryTableProps) {
  const page = query.data;
  return (
    <PagedTable
      caption={caption}
      columns={COLUMNS}
      rows={page?.data.map((event, n) => ({ ...event, n }))}
      // events carry no id, and two may share a millisecond: the position on the page keys them
      rowKey={(e) => String(e.n)}
      {...queryStatus(query)}
      emptyText="No sign-ins recorded yet"
      paging={paging}
      total={page?.total ?? 0}
      minWidth={640}
    />
  );
}
