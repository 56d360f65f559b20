import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PlanStatus } from '@common/constants';
import type { RequestStatus } from '@common/schemas/deposits';

/** How one value of a status reads: its dot's colour and its label. */
export interface StatusLook {
  color: string;
  label: string;
}

/** A state as a badge with a coloured dot before its label (the dark text keeps contrast). */
export function DotBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="dot" miw="max-content">
      {children}
    </Badge>
  );
}

const REQUEST_LOOKS: Record<RequestStatus, StatusLook> = {
  pending: { color: 'orange', label: 'Pending' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

interface StatusBadgeProps {
  status: RequestStatus;
  /** Wording per status, e.g. the client history's "Successful" for approved. */
  labels?: Partial<Record<RequestStatus, string>>;
}

/** The state of a deposit, withdrawal or history line as a dot badge. */
export function StatusBadge({ status, labels }: StatusBadgeProps) {
  const look = REQUEST_LOOKS[status];
  return <DotBadge color={look.color}>{labels?.[status] ?? look.label}</DotBadge>;
}

const PLAN_LOOKS: Record<PlanStatus, StatusLook> = {
  active: { color: 'blue', label: 'Active' },
  completed: { color: 'green', label: 'Completed' },
};

/** The state of a plan or trading activity (active or completed), as a dot badge. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <DotBadge color={PLAN_LOOKS[status].color}>{PLAN_LOOKS[status].label}</DotBadge>;
}
