import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { brand } from '../../../content/brand';

/** / (seed §2.2). A short hero for now; the full marketing sections come later. */
export function HomePage() {
  return (
    <Container size="md" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="lg">
        <Title order={1} fz={{ base: 32, sm: 48 }}>
          {brand.name}
        </Title>
        <Text size="lg" c="dimmed" maw={600}>
          Trade forex and cryptocurrencies with clear pricing, fast deposits and withdrawals, and support
          around the clock.
        </Text>
        <Group justify="center">
          <Button component={Link} to={paths.signup} size="md">
            Get Started
          </Button>
          <Button component={Link} to={paths.about} size="md" variant="default">
            Learn more
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
