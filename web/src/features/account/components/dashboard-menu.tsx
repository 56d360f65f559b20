import { Group } from '@mantine/core';
import { IconArrowUpCircle, IconHistory, IconUser } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import type { ShellLink } from '../../../components/dashboard-shell';
import { LinkButton } from '../../../components/link-button';

const LINKS: ShellLink[] = [
  { label: 'Transaction History', to: paths.account.transactionHistory, icon: IconHistory },
  { label: 'My Profile', to: paths.account.profile, icon: IconUser },
  { label: 'Upgrade Account', to: paths.account.upgradeAccount, icon: IconArrowUpCircle },
];

/** The small dashboard menu. */
export function DashboardMenu() {
  return (
    <Group component="nav" aria-label="Dashboard shortcuts" gap="xs" wrap="wrap">
      {LINKS.map((link) => (
        <LinkButton key={link.to} link={link} variant="light" size="xs" />
      ))}
    </Group>
  );
}
