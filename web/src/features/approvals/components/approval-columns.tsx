import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isStaffOperation, type ApprovalRequest } from '@common/schemas/approvals';
import { paths } from '../../../config/paths';
import { CellText, type Column } from '../../../components/paged-table';
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

/** The time asked, allowed to wrap between the date and the hour. */
const requested: Column<ApprovalRequest> = {
  header: 'Requested',
  cell: (r) => (
    <Text size="sm" miw={96}>
      {formatDateTime(r.createdAt)}
    </Text>
  ),
};

const maker: Column<ApprovalRequest> = { header: 'Maker', cell: (r) => <Person person={r.maker} /> };

/**
 * The client whose money it moves (a link to their account), the staff member an owner acts on, or
 * for a caps change (no client) every client at the level (a link to the caps page).
 */
const client: Column<ApprovalRequest> = {
  header: 'Client or member',
  cell: ({ client: c, action }) =>
    c ? (
      <>
        {isStaffOperation(action) ? (
          <Text size="sm" fw={600}>
            {c.name}{' '}
            <Text span size="xs" c="dimmed">
              (staff)
            </Text>
          </Text>
        ) : (
          <Anchor component={Link} to={paths.admin.user(c._id)} size="sm" fw={600}>
            {c.name}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {c.email}
        </Text>
      </>
    ) : (
      <>
        <Anchor component={Link} to={paths.admin.verificationLimits} size="sm" fw={600}>
          Verification limits
        </Anchor>
        <Text size="xs" c="dimmed">
          every client at the level
        </Text>
      </>
    ),
};

/** What would run, and the maker's reason under it. */
const what: Column<ApprovalRequest> = {
  header: 'What and why',
  cell: (r) => (
    <Stack gap={2}>
      <Text size="sm" fw={600} miw={180} maw={320}>
        {r.summary}
      </Text>
      <CellText miw={180} dimmed>
        {r.reason}
      </CellText>
    </Stack>
  ),
};

const amount: Column<ApprovalRequest> = {
  header: 'Amount',
  numeric: true,
  nowrap: true,
  cell: (r) =>
    isStaffOperation(r.action) ? (
      '—'
    ) : r.client ? (
      formatUsd(r.amount)
    ) : (
      <>
        {formatUsd(r.amount)}
        <Text size="xs" c="dimmed">
          largest raise
        </Text>
      </>
    ),
};

/** Pending: what the maker asked, and Approve / Reject. */
const PENDING: Column<ApprovalRequest>[] = [
  requested,
  maker,
  client,
  what,
  amount,
  { header: 'Decision', nowrap: true, actions: true, cell: (r) => <DecisionActions request={r} /> },
];

/**
 * Decided: what the maker asked, then the decision: its status, the checker, when, and a
 * rejection's reason.
 */
const DECIDED: Column<ApprovalRequest>[] = [
  requested,
  maker,
  client,
  what,
  amount,
  {
    header: 'Decision',
    cell: (r) => (
      <Stack gap={2} align="flex-start">
        <StatusBadge status={r.status} />
        {r.checker && (
          <Text size="sm" mt={2}>
            by <strong>{r.checker.name}</strong>
          </Text>
        )}
        {r.decidedAt && (
          <Text size="xs" c="dimmed">
            {formatDateTime(r.decidedAt)}
          </Text>
        )}
        {r.decisionReason && <CellText miw={180}>{r.decisionReason}</CellText>}
      </Stack>
    ),
  },
];

/** The columns of the approvals table for `view`. */
export const approvalColumns = (view: ApprovalsView) => (view === 'pending' ? PENDING : DECIDED);
