/** How transaction lines read on screen (the client sees Pending, Successful, Rejected). */
import type { RequestStatus } from '@common/schemas/deposits';

export { CLIENT_STATUS_LABELS, lineTypeLabel, methodLabel, TYPE_LABELS } from '@common/transaction-labels';

/** The admin view's wording of the statuses. */
export const ADMIN_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
