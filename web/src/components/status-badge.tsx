import { Badge } from '@mantine/core';
import type { RequestStatus } from '@common/schemas/deposits';

const COLORS: Record<RequestStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };
const DEFAULT_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

interface StatusBadgeProps {
  status: RequestStatus;
  /** Wording per status, e.g. the client history's "Successful" for approved. */
  labels?: Partial<Record<RequestStatus, string>>;
}

/** The state of a deposit, withdrawal or history line as a badge with a coloured dot (dark text keeps contrast). */
export function StatusBadge({ status, labels }: StatusBadgeProps) {
  return (
    <Badge color={COLORS[status]} variant="dot" miw="max-content">
      {labels?.[status] ?? DEFAULT_LABELS[status]}
    </Badge>
  );
}
