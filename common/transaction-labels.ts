/**
 * How history lines read to a client, on screen (web/src/lib/transaction-labels.ts), in a signed
 * statement (server/modules/transparency/statement-data.ts) and in the history's CSV export
 * (server/modules/transactions/history-csv.ts): one wording for all three.
 */
import type { RequestStatus } from './schemas/deposits';
import type { TransactionType } from './schemas/transactions';

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

/**
 * A line's type in words, its sign included: a plan result is a `profit` entry either way, and one
 * that takes money out (a debit) reads "Loss", never "Profit" (docs/product.md "Honest words").
 */
export function lineTypeLabel(line: { type: TransactionType; direction: 'credit' | 'debit' }): string {
  return line.type === 'profit' && line.direction === 'debit' ? 'Loss' : TYPE_LABELS[line.type];
}

/** The client's wording of a line's status (history, dashboard, CSV export). */
export const CLIENT_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Successful',
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
