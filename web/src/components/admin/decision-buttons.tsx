import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { pendingButtonProps } from '../../hooks/use-focus-after-removal';

interface DecisionButtonsProps {
  /** Runs on Approve with the pressed button (to keep focus on it while the request runs). */
  onApprove: (trigger: HTMLElement) => void;
  /** Runs on the rejecting button, likewise. */
  onReject: (trigger: HTMLElement) => void;
  /** The rejecting button's label: Reject, or the kind's own verb (Decline). */
  rejectLabel?: string;
  /** A request runs: both buttons look disabled and stay focusable (`pendingButtonProps`). */
  busy: boolean;
  /** Both buttons are disabled (the request was already decided). */
  disabled?: boolean;
  /** Further buttons after the two (e.g. Delete on a client's page). */
  children?: ReactNode;
}

/**
 * Approve and Reject of one request awaiting a decision, side by side in a row that does not
 * wrap: the back office's pair for the review queue, a client's requests and four-eyes approvals.
 */
export function DecisionButtons({
  onApprove,
  onReject,
  rejectLabel = 'Reject',
  busy,
  disabled,
  children,
}: DecisionButtonsProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        color="teal.9"
        onClick={(event) => onApprove(event.currentTarget)}
        {...pendingButtonProps(busy)}
        disabled={disabled}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={(event) => onReject(event.currentTarget)}
        {...pendingButtonProps(busy)}
        disabled={disabled}
      >
        {rejectLabel}
      </Button>
      {children}
    </Group>
  );
}
