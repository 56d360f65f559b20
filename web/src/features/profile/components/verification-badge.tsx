import { Badge } from '@mantine/core';
import type { VerificationStatus } from '@common/constants';
import { VERIFICATION_BADGES } from '../labels';

/** The identity verification state as a dot badge (dark text keeps contrast). */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  const { label, color } = VERIFICATION_BADGES[status];
  return (
    <Badge color={color} variant="dot" miw="max-content">
      {label}
    </Badge>
  );
}
