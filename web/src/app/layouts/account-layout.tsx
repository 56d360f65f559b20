import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCash,
  IconChartLine,
  IconHeadset,
  IconHome,
  IconReceipt,
  IconRocket,
  IconUsers,
} from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { DashboardShell, type ShellLink } from '../../components/dashboard-shell';
import { useCurrentUser } from '../../features/auth/api';
import { ProfileAvatar } from '../../features/profile/components/profile-avatar';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession } from '../../lib/session';
import { paths } from '../paths';
import { LogoutButton } from './logout-button';

/** The investor sidebar. */
const ACCOUNT_LINKS: ShellLink[] = [
  { label: 'My Account', to: paths.account.home, icon: IconHome },
  { label: 'Trade Activities', to: paths.account.tradeActivities, icon: IconChartLine },
  { label: 'Deposit', to: paths.account.deposit(), icon: IconCash },
  { label: 'Withdrawal', to: paths.account.withdrawal(), icon: IconArrowsExchange },
  { label: 'Transaction History', to: paths.account.transactionHistory, icon: IconReceipt },
  { label: 'Upgrade Account', to: paths.account.upgradeAccount, icon: IconRocket },
  { label: 'Support', to: paths.account.support, icon: IconHeadset },
  { label: 'Referrals', to: paths.account.referrals, icon: IconUsers },
];

/** Layout of /account/*; needs a stored user, otherwise goes to /signin. */
export function AccountLayout() {
  const { user } = useSession();
  useCurrentUser(Boolean(user));
  if (!user) return <Navigate to={paths.signin} replace />;

  return (
    <DashboardShell
      homeTo={paths.account.home}
      navLabel="Account"
      links={ACCOUNT_LINKS}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <Stack gap={2} align="flex-end">
            <Text fw={600} size="sm" lineClamp={1}>
              Hi, {user.firstName}
            </Text>
            <Badge size="xs" variant="light">
              {user.account.accountPlan}
            </Badge>
          </Stack>
          <NotificationBell />
          <UnstyledButton component={Link} to={paths.account.profile} aria-label="My profile">
            <ProfileAvatar user={user} />
          </UnstyledButton>
          <LogoutButton />
        </Group>
      }
    />
  );
}
