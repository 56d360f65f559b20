/**
 * A withdrawal address-book destination's state, as the address book and the withdrawal forms show
 * it: its badge and when it becomes usable.
 */
import type { BeneficiaryStatus, PublicBeneficiary } from '@common/schemas/beneficiaries';
import { formatDateTime } from '../lib/format';
import { DotBadge, type StatusLook } from './status-badge';

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

/** When it becomes (or became) usable, for a waiting or active destination. */
export function usableText(d: PublicBeneficiary): string | null {
  if (!d.activeFrom)
    return d.status === 'pending_confirmation' ? 'Open the link we e-mailed you to confirm it' : null;
  if (d.status === 'waiting') return `Usable from ${formatDateTime(d.activeFrom)}`;
  if (d.status === 'active') return `Usable since ${formatDateTime(d.activeFrom)}`;
  return null;
}
