/** How transaction lines read on screen (the client sees Pending, Successful, Rejected). */
import type { RequestStatus } from '@common/schemas/deposits';
import type { TransactionType } from '@common/schemas/transactions';
import { TYPE_LABELS } from '@common/transaction-labels';

export { CLIENT_STATUS_LABELS, lineTypeLabel, methodLabel, TYPE_LABELS } from '@common/transaction-labels';

/** The admin view's wording of the statuses. */
export const ADMIN_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * The history's type filter: a plan result is a `profit` entry whether it gained or lost, so the
 * choice that lists both says so ("Profit or loss"), and no loss hides behind "Profit".
 */
export const TYPE_FILTER_LABELS: Record<TransactionType, string> = {
  ...TYPE_LABELS,
  profit: 'Profit or loss',
};
