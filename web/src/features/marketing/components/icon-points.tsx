import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconPoint } from '../../../content/home';

interface IconPointsProps {
  points: IconPoint[];
  /** Columns from the `sm` breakpoint up (one column below it). */
  cols: number;
  /** Centre the icon and text (feature strips) or align them left (lists). */
  centred?: boolean;
}

/** A grid of icon + h3 + text points (feature icons, steps, reasons, what makes us different). */
export function IconPoints({ points, cols, centred = false }: IconPointsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.min(cols, 2), md: cols }} spacing="xl">
      {points.map(({ icon: Icon, title, text }) => (
        <Stack
          key={title}
          gap="xs"
          align={centred ? 'center' : 'flex-start'}
          ta={centred ? 'center' : 'left'}
        >
          <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
            <Icon size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
