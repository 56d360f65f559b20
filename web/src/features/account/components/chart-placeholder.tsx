import { Stack, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { BorderedSection } from '../../../components/bordered-section';

/** Where the original product had a live price chart: a reserved area; no third-party script loads here. */
export function ChartPlaceholder() {
  return (
    <BorderedSection aria-labelledby="chart-title">
      <Title order={2} id="chart-title" fz="lg" mb="sm">
        Price chart
      </Title>
      <Stack
        align="center"
        justify="center"
        gap="xs"
        h={{ base: 220, sm: 320 }}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        ta="center"
        px="md"
      >
        <IconChartLine size={36} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          The live price chart is not available here yet.
        </Text>
      </Stack>
    </BorderedSection>
  );
}
