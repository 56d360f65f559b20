/** How transaction lines read on screen (the client sees Pending, Successful, Rejected). */
import type { RequestStatus } from '@common/schemas/deposits';

export { methodLabel, TYPE_LABELS } from '@common/transaction-labels';

/** The client history's wording of the statuses. */
export const CLIENT_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Successful',
  rejected: 'Rejected',
};

/** The admin view's wording of the statuses. */
export const ADMIN_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
