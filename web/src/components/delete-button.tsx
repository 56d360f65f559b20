import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { keepFocusAfterRemoval, pendingButtonProps } from '../hooks/use-focus-after-removal';
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

/**
 * A small red outline "Delete" of one card of a list, run after a red "Delete" confirmation. It
 * keeps focus while the request runs; once its card leaves, focus goes to the next card's Delete
 * (or the previous one's, or the page's h1: `keepFocusAfterRemoval`).
 */
export function DeleteButton({ label, confirmTitle, confirmMessage, busy, onConfirm }: DeleteButtonProps) {
  const onClick = async (trigger: HTMLElement) => {
    if (busy) return;
    const confirmed = await confirmAction({
      title: confirmTitle,
      message: confirmMessage,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    keepFocusAfterRemoval(trigger);
    onConfirm();
  };
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      leftSection={<IconTrash size={14} aria-hidden />}
      {...pendingButtonProps(busy)}
      onClick={(event) => void onClick(event.currentTarget)}
      aria-label={label}
    >
      Delete
    </Button>
  );
}
