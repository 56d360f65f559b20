import type { BeneficiaryStatus } from '@common/schemas/beneficiaries';
import { DotBadge, type StatusLook } from '../../../components/status-badge';

const LOOKS: Record<BeneficiaryStatus, StatusLook> = {
  pending_confirmation: { color: 'orange', label: 'Awaiting confirmation' },
  waiting: { color: 'yellow', label: 'Waiting period' },
  active: { color: 'green', label: 'Active' },
  cancelled: { color: 'gray', label: 'Cancelled' },
  deleted: { color: 'gray', label: 'Deleted' },
};

/** A destination's state as a badge: awaiting confirmation, waiting period, active, cancelled, deleted. */
export function DestinationBadge({ status }: { status: BeneficiaryStatus }) {
  const look = LOOKS[status];
  return <DotBadge color={look.color}>{look.label}</DotBadge>;
}
