import { Group, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface MethodHeadingProps {
  title: string;
  /** The coin or bank icon of the general forms; the USDT form shows the title alone. */
  icon?: Icon;
  color?: string;
}

/** The h2 naming a withdrawal form's method. */
export function MethodHeading({ title, icon: MethodIcon, color }: MethodHeadingProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      {MethodIcon && (
        <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden>
          <MethodIcon size={24} />
        </ThemeIcon>
      )}
      <Title order={2} fz="h3">
        {title}
      </Title>
    </Group>
  );
}
