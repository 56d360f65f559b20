import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBell,
  IconBuildingBank,
  IconChartLine,
  IconCoin,
  IconEdit,
  IconHistory,
  IconReceipt,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { PLAN_LABELS } from '@common/constants';
import type { UserWithFigures } from '@common/schemas/users';
import { paths } from '../../../config/paths';
import { AdminSection } from '../../../components/admin/admin-section';
import { LoadingStack } from '../../../components/admin/loading-stack';
import { Can } from '../../../components/can';
import type { ShellLink } from '../../../components/dashboard-shell';
import { LinkButton } from '../../../components/link-button';
import { LoadError } from '../../../components/load-error';
import { RoleBadge } from '../../../components/role-badge';
import { useCan, useCanOpen } from '../../../hooks/use-can';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { adminUserQuery } from '../api';
import { AddressApproval, addressStatusText } from '../components/address-approval';
import { DocumentButton } from '../components/document-button';
import { InfoTable, ledgerFigureRows } from '../components/info-table';
import { KycReviewButtons, UserActions } from '../components/user-actions';
import { UserSecurity } from '../components/user-security';
import { VerificationStatusBadge } from '../components/verification-status';

const DOCUMENT_TYPES: Record<string, string> = {
  passport: 'Passport',
  'national-id': 'National ID',
  'driver-license': 'Driver’s license',
  other: 'Other',
};

function Profile({ user }: { user: UserWithFigures }) {
  const referrer = user.referredBy;
  return (
    <AdminSection title="Profile">
      <InfoTable
        label="Profile"
        rows={[
          ['First name', user.firstName],
          ['Last name', user.lastName],
          ['E-mail', user.email],
          ['E-mail confirmed', user.isEmailConfirmed ? 'Yes' : 'No'],
          ['Phone', user.phone || '—'],
          ['Country', user.country || '—'],
          ['Gender', user.gender ?? '—'],
          ['Address', user.location.address || '—'],
          ['State', user.location.state || '—'],
          ['Date joined', formatDateTime(user.createdAt)],
          ['Referral ID', user.referralId],
          [
            'Referred by',
            referrer ? `${referrer.firstName} ${referrer.lastName} (${referrer.email})` : 'Nobody',
          ],
        ]}
      />
    </AdminSection>
  );
}

function Figures({ user }: { user: UserWithFigures }) {
  const a = user.account;
  const adjusts = useCan()('ledger.adjust');
  return (
    <AdminSection title="Account">
      <Text size="sm" c="dimmed" mb="xs">
        From the ledger; read-only.{adjusts && ' Corrections are posted as adjustments on the account page.'}
      </Text>
      <InfoTable
        label="Account figures"
        rows={[
          ['Account plan', a.accountPlan],
          ['Currency symbol', a.currencySymbol],
          ...ledgerFigureRows(a),
        ]}
      />
    </AdminSection>
  );
}

function ActivePlanSection({ user }: { user: UserWithFigures }) {
  const plan = user.activePlan;
  return (
    <AdminSection title="Active plan">
      {plan ? (
        <InfoTable
          label="Active plan"
          rows={[
            ['Plan', PLAN_LABELS[plan.plan] ?? plan.plan],
            ['Amount', formatUsd(plan.amount)],
            ['Duration', `${plan.duration} day${plan.duration === 1 ? '' : 's'}`],
            ['Start date', dayjs(plan.startDate).format('MMM D, YYYY')],
            ['End date', dayjs(plan.endDate).format('MMM D, YYYY')],
          ]}
        />
      ) : (
        <Text c="dimmed">User Does not currently have an active plan</Text>
      )}
    </AdminSection>
  );
}

/**
 * The last decision on the identity documents in words: "Rejected by <name> on <date>: <reason>"
 * or "Verified by <name> on <date>"; nothing while none stands (awaiting, pending).
 */
function VerificationDecision({ user }: { user: UserWithFigures }) {
  const at = user.verification.decidedAt;
  const rejected = user.verificationStatus === 'rejected' || user.verificationStatus === 'failed';
  if (!at || !(rejected || user.verificationStatus === 'verified')) return null;
  const by = user.verificationDecidedBy;
  const who = by ? ` by ${by.firstName} ${by.lastName} (${by.email})` : '';
  return (
    <Text size="sm" c={rejected ? 'red.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {rejected ? 'Rejected' : 'Verified'}
      {who} on {formatDateTime(at)}
      {rejected && user.verificationReason ? `: ${user.verificationReason}` : ''}
    </Text>
  );
}

function Verification({ user }: { user: UserWithFigures }) {
  const v = user.verification;
  const front = v?.documentFront.url;
  const back = v?.documentBack.url;
  return (
    <AdminSection title="Identity verification">
      <Stack gap="sm">
        <VerificationDecision user={user} />
        <InfoTable
          label="Identity verification"
          rows={[
            ['Status', <VerificationStatusBadge key="status" status={user.verificationStatus} />],
            ['Document', v?.documentType ? (DOCUMENT_TYPES[v.documentType] ?? v.documentType) : '—'],
            ['Submitted', v?.submittedAt ? formatDateTime(v.submittedAt) : '—'],
            ['Proof of address', addressStatusText(user)],
          ]}
        />
        <Can
          permission="kyc.review"
          fallback={
            <Text size="sm" c="dimmed">
              Your role does not review identity documents.
            </Text>
          }
        >
          {front || back ? (
            <Group gap="xs">
              {front && <DocumentButton url={front} side="front" />}
              {back && <DocumentButton url={back} side="back" />}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No documents uploaded.
            </Text>
          )}
          <KycReviewButtons user={user} />
          <AddressApproval user={user} />
        </Can>
      </Stack>
    </AdminSection>
  );
}

/** Links to this user's other back-office pages: those the signed-in role may open (lib/admin-access.ts). */
function Links({ user }: { user: UserWithFigures }) {
  const canOpen = useCanOpen();
  const name = `${user.firstName} ${user.lastName}`;
  const id = user._id;
  const links: ShellLink[] = [
    { label: 'Deposits', to: paths.admin.deposits(id, name), icon: IconArrowDownLeft },
    { label: 'Crypto withdrawals', to: paths.admin.cryptoWithdrawals(id, name), icon: IconArrowUpRight },
    { label: 'Bank withdrawals', to: paths.admin.bankWithdrawals(id, name), icon: IconBuildingBank },
    { label: 'Transactions', to: paths.admin.transactions(id, name), icon: IconReceipt },
    { label: 'Notifications', to: paths.admin.notifications(id, name), icon: IconBell },
    { label: 'Trading activity', to: paths.admin.tradingActivity(id, name), icon: IconChartLine },
    { label: 'Add profit', to: paths.admin.addProfit(id, name), icon: IconCoin },
    { label: 'Account', to: paths.admin.userAccount(id, name), icon: IconWallet },
    { label: 'Edit user', to: paths.admin.editUser(id, name), icon: IconEdit },
    {
      label: 'Audit log',
      to: `${paths.admin.auditLog}?${new URLSearchParams({ targetUserId: id, client: user.email })}`,
      icon: IconHistory,
    },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="nav" aria-label="Pages of this user">
      {/* each button as wide as its label: the row wraps rather than cutting a label */}
      <Group gap="xs">
        {links
          .filter((link) => canOpen(link.to))
          .map((link) => (
            <LinkButton key={link.label} link={link} variant="light" />
          ))}
      </Group>
    </Card>
  );
}

function Loading() {
  return (
    <LoadingStack label="Loading the user">
      <Skeleton height={32} width="50%" />
      <Skeleton height={80} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={320} />
        <Skeleton height={320} />
      </SimpleGrid>
    </LoadingStack>
  );
}

/**
 * /admin/users/:id: the user's profile, ledger figures (read-only), active plan,
 * referral info and identity documents (full size, Verify / Reject); two-factor status (with its
 * reset), sessions and sign-in history; links to their money, messages and edit pages; Block /
 * Unblock and Delete (the original two confirmations). A staff user carries their role's badge;
 * each action and link shows only to a role that may use it (common/permissions.ts).
 */
export function AdminUserPage({
  destinations: Destinations,
}: { destinations?: ComponentType<{ clientId: string }> } = {}) {
  const can = useCan();
  const { id = '' } = useParams();
  const { user: me } = useSession();
  const query = useQuery(adminUserQuery(id));

  if (query.error && !query.data) {
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          User Profile
        </Title>
        <LoadError what="the user" error={query.error} onRetry={() => void query.refetch()} />
        <Anchor component={Link} to={paths.admin.users}>
          Back to the users
        </Anchor>
      </Stack>
    );
  }
  if (!query.data) return <Loading />;
  const user = query.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {user.firstName} {user.lastName}
          </Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap="xs">
            <RoleBadge role={user.role} />
            {user.isBlocked && (
              <Badge color="red.9" variant="filled">
                Blocked
              </Badge>
            )}
            <VerificationStatusBadge status={user.verificationStatus} />
          </Group>
        </Stack>
        <UserActions user={user} self={me?._id === user._id} />
      </Group>
      <Links user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Profile user={user} />
        <Stack gap="md">
          <Figures user={user} />
          <ActivePlanSection user={user} />
        </Stack>
      </SimpleGrid>
      <Verification user={user} />
      <UserSecurity user={user} />
      {Destinations && user.role === 'client' && can('beneficiaries.read') && (
        <Destinations clientId={user._id} />
      )}
    </Stack>
  );
}
