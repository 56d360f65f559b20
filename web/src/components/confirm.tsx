import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Paints the confirm button red (reject, decline, delete, void). */
  danger?: boolean;
  /** What the decision is about, under the question (a review's client, amount and destination). */
  details?: ReactNode;
}

/**
 * Asks before an action; resolves true when confirmed, false
 * when cancelled or dismissed. Needs the modals provider of the signed-in areas.
 */
export function confirmAction({
  title,
  message,
  confirmLabel,
  danger,
  details,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: (
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          {details}
        </Stack>
      ),
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red.8' : undefined },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
