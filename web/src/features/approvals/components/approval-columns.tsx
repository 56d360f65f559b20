import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { paths } from '../../../app/paths';
import { dateColumn, type Column } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatUsd } from '../../../lib/format';
import type { ApprovalsView } from '../api';
import { DecisionActions } from './decision-actions';

/** A staff member (maker or checker): the name, and the e-mail under it. */
function Person({ person }: { person: ApprovalRequest['maker'] }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {person.name}
      </Text>
      <Text size="xs" c="dimmed">
        {person.email}
      </Text>
    </>
  );
}

/** A free text kept to a readable width (the maker's or checker's reason, the summary). */
function Words({ children }: { children: string }) {
  return (
    <Text size="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

const requested = dateColumn<ApprovalRequest>('Requested', (r) => r.createdAt);

const maker: Column<ApprovalRequest> = { header: 'Maker', cell: (r) => <Person person={r.maker} /> };

const client: Column<ApprovalRequest> = {
  header: 'Client',
  cell: (r) => (
    <>
      <Anchor component={Link} to={paths.admin.user(r.client._id)} size="sm" fw={600}>
        {r.client.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {r.client.email}
      </Text>
    </>
  ),
};

const what: Column<ApprovalRequest> = { header: 'What', cell: (r) => <Words>{r.summary}</Words> };

const amount: Column<ApprovalRequest> = {
  header: 'Amount',
  numeric: true,
  nowrap: true,
  cell: (r) => formatUsd(r.amount),
};

const reason: Column<ApprovalRequest> = { header: 'Reason', cell: (r) => <Words>{r.reason}</Words> };

/** Pending: what the maker asked, and Approve / Reject. */
const PENDING: Column<ApprovalRequest>[] = [
  requested,
  maker,
  client,
  what,
  amount,
  reason,
  { header: 'Decision', nowrap: true, cell: (r) => <DecisionActions request={r} /> },
];

/** Decided: what the maker asked, then the decision (status, when, a rejection's reason) and the checker. */
const DECIDED: Column<ApprovalRequest>[] = [
  requested,
  maker,
  client,
  what,
  amount,
  reason,
  {
    header: 'Decision',
    cell: (r) => (
      <Stack gap={4} align="flex-start">
        <StatusBadge status={r.status} />
        {r.decidedAt && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.decidedAt)}
          </Text>
        )}
        {r.decisionReason && <Words>{r.decisionReason}</Words>}
      </Stack>
    ),
  },
  { header: 'Checker', cell: (r) => (r.checker ? <Person person={r.checker} /> : '—') },
];

/** The columns of the approvals table for `view`. */
export const approvalColumns = (view: ApprovalsView) => (view === 'pending' ? PENDING : DECIDED);
