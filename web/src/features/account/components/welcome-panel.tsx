import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useAccountUser } from '../api';

/** Greeting with the Trade Now button. */
export function WelcomePanel() {
  const { data: user } = useAccountUser();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="welcome-title" h="100%">
      <Stack gap="sm" justify="space-between" h="100%">
        <Stack gap={4}>
          <Title order={2} id="welcome-title" fz="lg">
            {user ? `Welcome, ${user.firstName}` : 'Welcome'}
          </Title>
          <Text size="sm" c="dimmed">
            Fund your account and choose a plan on the trading page when you are ready.
          </Text>
        </Stack>
        <Button
          component={Link}
          to={paths.account.trading}
          leftSection={<IconChartCandle size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Trade Now
        </Button>
      </Stack>
    </Card>
  );
}
