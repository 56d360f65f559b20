import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Paints the confirm button red (reject, decline, delete, void). */
  danger?: boolean;
}

/**
 * Asks before an action; resolves true when confirmed, false
 * when cancelled or dismissed. Needs the modals provider of the signed-in areas.
 */
export function confirmAction({ title, message, confirmLabel, danger }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red.8' : undefined },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
