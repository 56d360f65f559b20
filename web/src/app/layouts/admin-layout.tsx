import { Group, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotAllowed } from '../../components/admin/not-allowed';
import { DashboardShell } from '../../components/dashboard-shell';
import { RoleBadge } from '../../components/role-badge';
import { useCurrentUser } from '../../features/auth/api';
import { useCanOpen } from '../../hooks/use-can';
import { useSession, useTwoFactorSetupRequired } from '../../lib/session';
import { paths } from '../../config/paths';
import { LogoutButton } from './logout-button';
import { ADMIN_LINKS } from './sidebar-links';

/**
 * Layout of /admin/*; needs a stored admin user, otherwise goes to /admin/login. Staff
 * the server wants on two-factor first (the sign-in answer or a 403 said so) are kept on
 * /admin/security until it is on. The sidebar lists only the pages the staff member's role may
 * open, and a page opened by URL without its permission (web/src/lib/admin-access.ts) shows
 * "Your role does not allow this" instead of sending requests the server would refuse.
 */
export function AdminLayout() {
  const { user } = useSession();
  const setupRequired = useTwoFactorSetupRequired();
  const { pathname } = useLocation();
  const canOpen = useCanOpen();
  useCurrentUser(Boolean(user?.isAdmin));
  if (!user?.isAdmin) return <Navigate to={paths.admin.login} replace />;
  if (setupRequired && !user.twoFactorEnabled && pathname !== paths.admin.security) {
    return <Navigate to={paths.admin.security} replace />;
  }

  return (
    <DashboardShell
      homeTo={paths.admin.users}
      navLabel="Back office"
      links={ADMIN_LINKS.filter((link) => canOpen(link.to))}
      collapsibleOnDesktop
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <RoleBadge role={user.role} />
          <Text size="sm" fw={600} lineClamp={1}>
            {user.firstName}
          </Text>
          <LogoutButton />
        </Group>
      }
    >
      {canOpen(pathname) ? <Outlet /> : <NotAllowed />}
    </DashboardShell>
  );
}
