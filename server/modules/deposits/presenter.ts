/** What of a deposit row leaves the server: USD amounts, the proof by URL. */
import type { DepositWallet, PublicDeposit, RequestStatus } from '@common/schemas/deposits';
import { centsToUsd } from '../../lib/money';
import type { DepositRow } from './service';

export function presentDeposit(row: DepositRow): PublicDeposit {
  return {
    _id: row.id,
    userId: row.userId,
    amount: centsToUsd(row.amount),
    wallet: row.wallet as DepositWallet,
    transactionHash: row.transactionHash,
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reason: row.decisionReason,
    image: { url: `/api/files/deposits/${row.id}` },
  };
}
