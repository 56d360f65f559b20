import { Button, Stack, Text, Title } from '@mantine/core';

/** Shown when a page fails to render or its code fails to load (e.g. after a new release). */
export function RouteError() {
  return (
    <Stack component="main" align="center" ta="center" gap="sm" py={96} px="md">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">The page could not be shown. Reloading usually helps.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
