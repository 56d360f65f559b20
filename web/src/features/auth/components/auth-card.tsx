import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  /** The page's h1. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card every sign-in, sign-up and password page is built in. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'md', xs: 'xl' }}
      w="100%"
      maw={480}
      mx="auto"
      my="xl"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, xs: 28 }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
