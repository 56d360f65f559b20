import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { DashboardShell } from '../../components/dashboard-shell';
import { useCurrentUser } from '../../features/auth/api';
import { ProfileAvatar } from '../../features/profile/components/profile-avatar';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSession } from '../../lib/session';
import { paths } from '../../config/paths';
import { LogoutButton } from './logout-button';
import { ACCOUNT_LINKS } from './sidebar-links';

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
          {/* a long first name is cut to the room left, its whole text in the title (a tooltip) */}
          <Stack gap={2} align="flex-end" miw={0} maw={{ base: 120, sm: 280 }}>
            <Text fw={600} size="sm" truncate="end" maw="100%" title={`Hi, ${user.firstName}`}>
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
