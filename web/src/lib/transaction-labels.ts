/** How transaction lines read on screen (the client sees Pending, Successful, Rejected). */
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

const METHOD_LABELS: Record<string, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
  bank: 'Bank transfer',
  account: 'Account',
};

/** A line's method (a wallet, "bank", or "account" for ledger entries) in words. */
export function methodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}
