import { Badge, Group, Text } from '@mantine/core';
import {
  IconClipboardCheck,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessage,
  IconUsers,
} from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { DashboardShell, type ShellLink } from '../../components/dashboard-shell';
import { useCurrentUser } from '../../features/auth/api';
import { useSession } from '../../lib/session';
import { paths } from '../paths';
import { LogoutButton } from './logout-button';

/**
 * The back-office sidebar (seed §2.8, plus the overview, pending reviews and the audit log). It folds
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
];

/** Layout of /admin/* (seed §2.8); needs a stored admin user, otherwise goes to /admin/login. */
export function AdminLayout() {
  const { user } = useSession();
  useCurrentUser(Boolean(user?.isAdmin));
  if (!user?.isAdmin) return <Navigate to={paths.admin.login} replace />;

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
