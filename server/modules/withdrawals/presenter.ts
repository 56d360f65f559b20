/** What of a withdrawal row leaves the server (crypto and bank withdrawals). */
import type { RequestStatus } from '@common/schemas/deposits';
import type { CryptoWallet, PublicBankWithdrawal, PublicCryptoWithdrawal } from '@common/schemas/withdrawals';
import { centsToUsd } from '../../lib/money';
import type { WithdrawalRow } from './service';

/** A withdrawal as the API answers it (`amount` in USD); a bank one names `iban` or account and routing. */
export function presentWithdrawal(row: WithdrawalRow): PublicCryptoWithdrawal | PublicBankWithdrawal {
  const base = {
    _id: row.id,
    userId: row.userId,
    amount: centsToUsd(row.amount),
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reason: row.decisionReason,
    payoutReference: row.payoutReference,
  };
  if (row.method === 'crypto') return { ...base, wallet: row.wallet as CryptoWallet, address: row.address! };
  return {
    ...base,
    bankName: row.bankName!,
    accountName: row.accountName!,
    iban: row.iban,
    accountNumber: row.accountNumber,
    routing: row.routing,
    swift: row.swift!,
  };
}
