import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's or section's heading with an action (a button, a link) at the far end of its line; on a
 * narrow screen the action wraps under the heading.
 */
export function HeadingRow({ heading, action }: { heading: ReactNode; action: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm">
      {heading}
      {action}
    </Group>
  );
}
