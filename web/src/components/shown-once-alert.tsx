import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The warning above a secret the server shows this once (backup codes, a new API key): a bold
 * `title` ("Save these codes now") and what to do with it. Orange on light orange with dark text,
 * which keeps its contrast (axe).
 */
export function ShownOnceAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="orange" variant="light">
      <Text size="sm" fw={700}>
        {title}
      </Text>
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
