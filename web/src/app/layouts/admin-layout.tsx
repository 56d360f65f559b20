import { Badge, Group, Text } from '@mantine/core';
import {
  IconClipboardCheck,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessage,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { Navigate, useLocation } from 'react-router';
import { DashboardShell, type ShellLink } from '../../components/dashboard-shell';
import { useCurrentUser } from '../../features/auth/api';
import { useSession, useTwoFactorSetupRequired } from '../../lib/session';
import { paths } from '../paths';
import { LogoutButton } from './logout-button';

/**
 * The back-office sidebar (with the overview, pending reviews and the audit log). It folds
 * away on wide screens with its own burger and opens as a panel over the page on phones.
 */
const ADMIN_LINKS: ShellLink[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: IconLayoutDashboard },
  { label: 'Users', to: paths.admin.users, icon: IconUsers },
  { label: 'Pending reviews', to: paths.admin.pendingReviews, icon: IconClipboardCheck },
  { label: 'Contact', to: paths.admin.contacts, icon: IconMessage },
  { label: 'Emailing', to: paths.admin.emailing, icon: IconMail },
  { label: 'Support Tickets', to: paths.admin.supportTickets, icon: IconHeadset },
  { label: 'Audit log', to: paths.admin.auditLog, icon: IconHistory },
  { label: 'Security', to: paths.admin.security, icon: IconShieldLock },
];

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
