import type { VerificationStatus } from '@common/constants';
import { DotBadge, type StatusLook } from '../../../components/status-badge';

const LOOK: Record<VerificationStatus, StatusLook> = {
  awaiting: { color: 'gray', label: 'Awaiting documents' },
  pending: { color: 'orange', label: 'Pending review' },
  verified: { color: 'green', label: 'Verified' },
  rejected: { color: 'red', label: 'Rejected' },
  failed: { color: 'red', label: 'Rejected' },
};

/** A user's KYC state as a dot badge (dark text keeps contrast). */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return <DotBadge color={LOOK[status].color}>{LOOK[status].label}</DotBadge>;
}

/** The labels of the statuses an admin can set ("failed" reads as rejected). */
export const VERIFICATION_LABELS = LOOK;
