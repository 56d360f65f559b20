import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a client-area or back-office page: its h1 and, under it, a dimmed line saying what it holds. */
export function PageTitle({ title, description }: { title: string; description: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </Stack>
  );
}
