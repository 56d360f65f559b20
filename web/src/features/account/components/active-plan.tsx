import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

/**
 * The Active Plan panel (seed §2.7). Plans are not built yet, so it always reads "No active plan";
 * once they are, this shows the plan, start date, duration and status.
 */
export function ActivePlan() {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="active-plan-title"
      h="100%"
    >
      <Title order={2} id="active-plan-title" fz="lg" mb="sm">
        Active Plan
      </Title>
      <Stack gap={4}>
        <Text c="dimmed">No active plan</Text>
        <Anchor component={Link} to={paths.account.trading} size="sm">
          Choose a plan on the trading page
        </Anchor>
      </Stack>
    </Card>
  );
}
