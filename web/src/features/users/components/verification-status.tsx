import { Badge } from '@mantine/core';
import type { VerificationStatus } from '@common/constants';

const LOOK: Record<VerificationStatus, { color: string; label: string }> = {
  awaiting: { color: 'gray', label: 'Awaiting documents' },
  pending: { color: 'orange', label: 'Pending review' },
  verified: { color: 'green', label: 'Verified' },
  rejected: { color: 'red', label: 'Rejected' },
  failed: { color: 'red', label: 'Rejected' },
};

/** A user's KYC state as a dot badge (dark text keeps contrast). */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="dot" miw="max-content">
      {look.label}
    </Badge>
  );
}

/** The labels of the statuses an admin can set ("failed" reads as rejected). */
export const VERIFICATION_LABELS = LOOK;
