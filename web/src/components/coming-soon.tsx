import { Stack, Text, Title } from '@mantine/core';

/** Stand-in for a page that is not built yet; rendered inside its area's layout. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">Coming soon. This page is being built.</Text>
    </Stack>
  );
}
