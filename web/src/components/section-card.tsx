import { Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  /** The section's heading (an h2); it names the section for assistive technology. */
  title: ReactNode;
  /** At the far end of the heading's line: a status badge or an action button. */
  aside?: ReactNode;
  /** Dimmed text under the heading. */
  description?: ReactNode;
  /** Space between the heading, the description and each child (default `sm`). */
  gap?: MantineSpacing;
  children: ReactNode;
}

/**
 * A bordered card that is a titled `<section>` of a settings or back-office screen: an h2 (with an
 * optional badge or button beside it), an optional dimmed description, then the content.
 */
export function SectionCard({ title, aside, description, gap = 'sm', children }: SectionCardProps) {
  const titleId = useId();
  const heading = (
    <Title order={2} fz="lg" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap={gap}>
        {aside ? (
          <Group justify="space-between" gap="xs">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
