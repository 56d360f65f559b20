import { Button, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyIconButton } from './copy-icon-button';
import { ShownOnceAlert } from './shown-once-alert';

interface ShownOnceSecretProps {
  /** The alert's bold line ("Copy the key now"). */
  title: string;
  /** What to do with it, under the title. */
  children: ReactNode;
  /** What the secret belongs to (a key's name, an endpoint's address). */
  name: string;
  secret: string;
  /** The copy button's accessible name ("Copy API key") and its name once copied. */
  copyLabel: string;
  copiedLabel: string;
  /** For the tests to read the secret. */
  testId: string;
  onDone: () => void;
}

/**
 * A secret the server answers this once (a new API key, a webhook signing secret): the warning, what
 * it belongs to, the secret with a copy button, and Done.
 */
export function ShownOnceSecret(p: ShownOnceSecretProps) {
  return (
    <Stack gap="sm">
      <ShownOnceAlert title={p.title}>{p.children}</ShownOnceAlert>
      <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
        {p.name}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid={p.testId} style={{ wordBreak: 'break-all', flex: 1 }}>
          {p.secret}
        </Code>
        <CopyIconButton value={p.secret} tooltip="Copy" label={p.copyLabel} copiedLabel={p.copiedLabel} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={p.onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
