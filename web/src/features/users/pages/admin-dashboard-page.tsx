import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { IntegrityAlarm } from '../components/integrity-alarm';
import { OverviewCards } from '../components/overview-cards';
import { UsersList } from '../components/users-list';

/**
 * /admin/dashboard: the integrity alarm (when the last check failed), the overview figures, the
 * `transparency` card the router passes in (the proof of liabilities), the users list.
 */
export function AdminDashboardPage({ transparency }: { transparency?: ReactNode }) {
  return (
    <Stack gap="lg">
      <PageTitle title="Dashboard" />
      <IntegrityAlarm />
      <OverviewCards />
      {transparency}
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Users
      </Title>
      <UsersList />
    </Stack>
  );
}
