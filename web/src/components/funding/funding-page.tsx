import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLIENT_TITLE_FZ, PageTitle } from '../page-title';
import { RiskWarning } from '../risk-warning';

interface FundingPageProps {
  /** The page's h1. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of every deposit and withdrawal screen (features/deposits and features/withdrawals): heading,
 * content, and the risk warning.
 */
export function FundingPage({ title, description, children }: FundingPageProps) {
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <PageTitle title={title} description={description} fz={CLIENT_TITLE_FZ} />
      {children}
      <RiskWarning />
    </Stack>
  );
}
