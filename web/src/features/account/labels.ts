/** How dashboard transactions read (seed §4: the client sees Pending, Successful, Rejected). */
import type { RequestStatus } from '@common/schemas/deposits';
import type { TransactionType } from '@common/schemas/transactions';

export const TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  profit: 'Profit',
  bonus: 'Bonus',
  referral_bonus: 'Referral bonus',
  adjustment: 'Adjustment',
  reversal: 'Reversal (void)',
  plan_open: 'Plan opened',
  plan_close: 'Plan closed',
};

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Successful',
  rejected: 'Rejected',
};
