import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirmAction } from './confirm';

interface DeleteButtonProps {
  /** The button's accessible name ("Delete message from Casey"); it reads "Delete". */
  label: string;
  /** The confirmation dialog's title and text. */
  confirmTitle: string;
  confirmMessage: string;
  /** The delete request is running. */
  busy: boolean;
  /** Runs once the admin or client confirms (not when they cancel or dismiss the dialog). */
  onConfirm: () => void;
}

/** A small red outline "Delete" of one card of a list, run after a red "Delete" confirmation. */
export function DeleteButton({ label, confirmTitle, confirmMessage, busy, onConfirm }: DeleteButtonProps) {
  const onClick = async () => {
    const confirmed = await confirmAction({
      title: confirmTitle,
      message: confirmMessage,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) onConfirm();
  };
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      leftSection={<IconTrash size={14} aria-hidden />}
      loading={busy}
      onClick={() => void onClick()}
      aria-label={label}
    >
      Delete
    </Button>
  );
}
