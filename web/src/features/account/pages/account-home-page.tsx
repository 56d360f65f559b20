import { Grid, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { RiskWarning } from '../../../components/risk-warning';
import { AccountCard } from '../components/account-card';
import { AccountCharts } from '../components/account-charts';
import { ActivePlan } from '../components/active-plan';
import { DashboardMenu } from '../components/dashboard-menu';
import { FigureTiles } from '../components/figure-tiles';
import { RecentTransactions } from '../components/recent-transactions';
import { WelcomePanel } from '../components/welcome-panel';

/**
 * /account/home: account card, welcome panel, the ledger's figures, the account value and price
 * charts, the latest transactions and the active plan, and below it the `liabilities` card the router
 * adds (the transparency feature). No signal-strength bar (docs/product.md).
 */
export function AccountHomePage({ liabilities }: { liabilities?: ReactNode }) {
  return (
    <Stack gap="lg" w="100%" maw={1200} mx="auto">
      <PageTitle title="My Account" fz={CLIENT_TITLE_FZ} gap="xs">
        <DashboardMenu />
      </PageTitle>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AccountCard />
        <WelcomePanel />
      </SimpleGrid>

      <FigureTiles />
      <AccountCharts />

      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
          <RecentTransactions />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ActivePlan />
            {liabilities}
          </Stack>
        </Grid.Col>
      </Grid>

      <RiskWarning />
    </Stack>
  );
}
