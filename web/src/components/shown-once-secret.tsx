import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { CopyIconButton } from './copy-icon-button';
import { Dialog } from './dialog';
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

interface ShownOnceSecretDialogProps<Made> {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title while the form shows ("Create API key"). */
  formTitle: string;
  /** Its title once the server has answered the secret ("Your new API key"). */
  secretTitle: string;
  /** The form: `onMade` with the server's answer shows the secret instead, `onClose` closes. */
  form: (props: { onClose: () => void; onMade: (made: Made) => void }) => ReactNode;
  /** The secret of the answer `made`: a `ShownOnceSecret` whose Done (`onDone`) closes the dialog. */
  secret: (made: Made, onDone: () => void) => ReactNode;
}

/**
 * A dialog that makes something with a secret the server answers once (an API key, a webhook
 * endpoint): its `form` until the server's answer, then the answer's `secret` until Done. Closing
 * forgets the answer, so the next opening shows the form again.
 */
export function ShownOnceSecretDialog<Made>(p: ShownOnceSecretDialogProps<Made>) {
  const [made, setMade] = useState<{ answer: Made } | null>(null);
  const close = () => {
    setMade(null);
    p.onClose();
  };
  return (
    <Dialog opened={p.opened} onClose={close} title={made ? p.secretTitle : p.formTitle}>
      {made
        ? p.secret(made.answer, close)
        : p.form({ onClose: close, onMade: (answer) => setMade({ answer }) })}
    </Dialog>
  );
}
