import { Button, Group } from '@mantine/core';
import { IconArrowUpCircle, IconHistory, IconUser, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

const LINKS: { label: string; to: string; icon: Icon }[] = [
  { label: 'Transaction History', to: paths.account.transactionHistory, icon: IconHistory },
  { label: 'My Profile', to: paths.account.profile, icon: IconUser },
  { label: 'Upgrade Account', to: paths.account.upgradeAccount, icon: IconArrowUpCircle },
];

/** The small dashboard menu. */
export function DashboardMenu() {
  return (
    <Group component="nav" aria-label="Dashboard shortcuts" gap="xs" wrap="wrap">
      {LINKS.map((link) => (
        <Button
          key={link.to}
          component={Link}
          to={link.to}
          variant="light"
          size="xs"
          leftSection={<link.icon size={16} aria-hidden />}
        >
          {link.label}
        </Button>
      ))}
    </Group>
  );
}
