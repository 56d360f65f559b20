import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';

interface LoadErrorProps {
  /** What failed to load, e.g. "your account". */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** A failed read with a Retry button. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={`Could not load ${what}`} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error, 'Network Error')}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
