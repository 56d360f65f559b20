import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/** The close button's name for assistive technology. */
const CLOSE_BUTTON = { 'aria-label': 'Close' };

/** A centred modal dialog whose close button is named "Close" for assistive technology. */
export function Dialog({ opened, onClose, title, children }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={CLOSE_BUTTON} centered>
      {children}
    </Modal>
  );
}

interface DialogActionsProps {
  onCancel: () => void;
  /** The submit button's label. */
  submitLabel: string;
  /** The request runs: the submit button reads "Loading...". */
  busy: boolean;
  /** The submit button's colour (the theme's primary by default). */
  color?: string;
  /** Disables Cancel while the request runs. */
  lockCancel?: boolean;
}

/** The foot of a dialog's form: Cancel, then its submit button, at the right. */
export function DialogActions({
  onCancel,
  submitLabel,
  busy,
  color,
  lockCancel = false,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={lockCancel && busy}>
        Cancel
      </Button>
      <BusyButton type="submit" color={color} busy={busy}>
        {submitLabel}
      </BusyButton>
    </Group>
  );
}
