import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffRole } from '@common/permissions';
import type { StaffMember } from '@common/schemas/staff';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { confirmThenRun } from '../../../components/admin/confirm-then-run';
import { NotAllowed } from '../../../components/admin/not-allowed';
import { Can } from '../../../components/can';
import { OnOffBadge } from '../../../components/on-off-badge';
import { PageTitle } from '../../../components/page-title';
import { PagedTable, queryStatus, type Column } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { STAFF_ROLE_LABELS } from '../../../lib/staff-roles';
import {
  downloadStaffCsv,
  staffQuery,
  useChangeStaffRole,
  useDeactivateStaff,
  useReactivateStaff,
  useResendInvitation,
} from '../api';
import { InviteDialog, ROLE_OPTIONS } from '../components/invite-dialog';
import { SecurityActions } from '../components/security-actions';

const fullName = (m: StaffMember) => `${m.firstName} ${m.lastName}`;

/** The member's role as a select; changing it asks first. The signed-in owner's own is fixed. */
function RoleCell({ member, self }: { member: StaffMember; self: boolean }) {
  const change = useChangeStaffRole();
  const onChange = (role: string | null) => {
    if (!role || role === member.role) return;
    const label = STAFF_ROLE_LABELS[role as StaffRole];
    void confirmThenRun(
      {
        title: 'Change role',
        message: `Make ${fullName(member)} ${label}? What they may do changes at their next request.`,
        confirmLabel: `Make ${label}`,
      },
      change.mutateAsync,
      { id: member._id, role: role as StaffRole },
    );
  };
  return (
    <Select
      size="xs"
      w={150}
      aria-label={`Role of ${fullName(member)}`}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={self || change.isPending}
      onChange={onChange}
    />
  );
}

/** Deactivate (red, asks first) or, for a deactivated member, Reactivate. */
function ActiveAction({ member, self }: { member: StaffMember; self: boolean }) {
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const name = fullName(member);
  if (member.active) {
    return (
      <ConfirmedButton
        confirmation={{
          title: 'Deactivate staff member',
          message: `${name} will be signed out everywhere at once and cannot sign in until reactivated.`,
          confirmLabel: 'Deactivate',
          danger: true,
        }}
        mutation={deactivate}
        variables={member._id}
        disabled={self}
      >
        Deactivate
      </ConfirmedButton>
    );
  }
  return (
    <ConfirmedButton
      confirmation={{
        title: 'Reactivate staff member',
        message: `${name} will be able to sign in again with their password.`,
        confirmLabel: 'Reactivate',
      }}
      mutation={reactivate}
      variables={member._id}
      color="teal.9"
    >
      Reactivate
    </ConfirmedButton>
  );
}

/**
 * For a member who has not set a password yet: a fresh set-password link (asks first; the earlier
 * links stop working). Nothing for anyone else.
 */
function ResendInvitation({ member }: { member: StaffMember }) {
  const resend = useResendInvitation();
  if (!member.invited || !member.active) return null;
  return (
    <ConfirmedButton
      confirmation={{
        title: 'Resend invitation',
        message: `Send ${fullName(member)} a new link to set their password at ${member.email}? It is valid for 24 hours, and the links sent before stop working.`,
        confirmLabel: 'Send new link',
      }}
      mutation={resend}
      variables={member._id}
      variant="default"
    >
      Resend invitation
    </ConfirmedButton>
  );
}

/** The table's columns; `selfId` is the signed-in owner, whose role and state are fixed. */
function columns(selfId: string | undefined): Column<StaffMember>[] {
  return [
    {
      header: 'Name',
      cell: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {fullName(m)}{' '}
            {m._id === selfId && (
              <Badge size="xs" variant="light">
                you
              </Badge>
            )}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Text>
        </Stack>
      ),
    },
    { header: 'Role', cell: (m) => <RoleCell member={m} self={m._id === selfId} /> },
    { header: 'Two-factor', cell: (m) => <OnOffBadge on={m.twoFactorEnabled} /> },
    {
      header: 'Last sign-in',
      nowrap: true,
      cell: (m) =>
        m.lastSignInAt ? (
          formatDateTime(m.lastSignInAt)
        ) : (
          <Text c="dimmed" size="sm">
            Never
          </Text>
        ),
    },
    {
      header: 'Status',
      cell: (m) => (
        <Badge
          variant="dot"
          color={!m.active || m.isBlocked ? 'red' : m.invited ? 'blue' : 'green'}
          miw="max-content"
        >
          {!m.active ? 'Deactivated' : m.isBlocked ? 'Blocked' : m.invited ? 'Invited' : 'Active'}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      actions: true,
      cell: (m) => (
        <Group gap={6} maw={240}>
          <ResendInvitation member={m} />
          <ActiveAction member={m} self={m._id === selfId} />
          <SecurityActions member={m} self={m._id === selfId} />
        </Group>
      ),
    },
  ];
}

/**
 * The networks staff may work from (STAFF_ALLOWED_NETWORKS, docs/security.md "Staff networks"):
 * requests and sign-ins of staff from elsewhere are refused and audited. Nothing while loading.
 */
function AllowedNetworks({ networks }: { networks: string[] | undefined }) {
  if (!networks) return null;
  return (
    <Text size="sm" data-testid="staff-networks">
      <Text span fw={600}>
        Staff may sign in from:{' '}
      </Text>
      {networks.length === 0 ? (
        'any network (STAFF_ALLOWED_NETWORKS is not set)'
      ) : (
        <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {networks.join(', ')}
        </Text>
      )}
    </Text>
  );
}

/** The list of staff, the invite dialog, role changes, (de)activation, blocks and two-factor resets. */
function StaffManagement() {
  const query = useQuery(staffQuery);
  const selfId = useSession().user?._id;
  const [inviting, setInviting] = useState(false);
  return (
    <Stack gap="md" w="100%" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <PageTitle
          title="Staff"
          description="Who works in the back office, with which role. Invited members set their password with the e-mailed link (valid 24 hours) and then enrol two-factor authentication. Blocking an owner or resetting an owner's two-factor waits for a second owner."
        />
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
          Invite staff member
        </Button>
      </Group>
      <AllowedNetworks networks={query.data?.allowedNetworks} />
      <Group>
        <ExportCsvButton download={downloadStaffCsv} failure="The export failed" />
      </Group>
      <PagedTable
        caption="Staff members"
        columns={columns(selfId)}
        rows={query.data?.data}
        {...queryStatus(query)}
        emptyText="No staff members yet."
        minWidth={960}
      />
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

/** /admin/staff (owner: `staff.manage`): staff management; other roles see why they may not. */
export function AdminStaffPage() {
  return (
    <Can permission="staff.manage" fallback={<NotAllowed />}>
      <StaffManagement />
    </Can>
  );
}
