import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RiskWarning } from '../../../components/risk-warning';

interface FundingPageProps {
  /** The page's h1. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Frame of every deposit and withdrawal screen: heading, content, and the risk warning. */
export function FundingPage({ title, description, children }: FundingPageProps) {
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
      <RiskWarning />
    </Stack>
  );
}
