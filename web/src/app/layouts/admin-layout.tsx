import { Badge, Group, Text } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { DashboardShell } from '../../components/dashboard-shell';
import { useCurrentUser } from '../../features/auth/api';
import { useSession, useTwoFactorSetupRequired } from '../../lib/session';
import { paths } from '../paths';
import { LogoutButton } from './logout-button';
import { ADMIN_LINKS } from './sidebar-links';

/**
 * Layout of /admin/*; needs a stored admin user, otherwise goes to /admin/login. Staff
 * the server wants on two-factor first (the sign-in answer or a 403 said so) are kept on
 * /admin/security until it is on.
 */
export function AdminLayout() {
  const { user } = useSession();
  const setupRequired = useTwoFactorSetupRequired();
  const { pathname } = useLocation();
  useCurrentUser(Boolean(user?.isAdmin));
  if (!user?.isAdmin) return <Navigate to={paths.admin.login} replace />;
  if (setupRequired && !user.twoFactorEnabled && pathname !== paths.admin.security) {
    return <Navigate to={paths.admin.security} replace />;
  }

  return (
    <DashboardShell
      homeTo={paths.admin.users}
      navLabel="Back office"
      links={ADMIN_LINKS}
      collapsibleOnDesktop
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" visibleFrom="xs">
            Admin
          </Badge>
          <Text size="sm" fw={600} lineClamp={1}>
            {user.firstName}
          </Text>
          <LogoutButton />
        </Group>
      }
    />
  );
}
