/**
 * How history lines read to a client, on screen (web/src/lib/transaction-labels.ts) and in a signed
 * statement (server/modules/transparency/statement-data.ts): one wording for both.
 */
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
