import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/**
 * Any address the site does not have (docs/product.md "Unknown addresses"): says so, instead of
 * showing the home page as if the link were right, and leads home or to opening an account (what
 * the home page would have offered). A mistyped or stale link is then noticed, by people and by
 * the screen reader's page title ("Page not found").
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Stack align="center" ta="center" gap="sm" py={96} maw={560} mx="auto">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        There is no page at {pathname} on this site. The link may be mistyped or out of date.
      </Text>
      <Group justify="center" gap="sm" mt="sm">
        <Button component={Link} to={paths.home}>
          Go to the home page
        </Button>
        <Button component={Link} to={paths.signup} variant="default">
          Get started
        </Button>
      </Group>
    </Stack>
  );
}
