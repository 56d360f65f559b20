/** The three kinds of request an admin reviews, and how each reads. */
import { MONEY_MSG } from '@common/messages';
import type { Permission } from '@common/permissions';
import type { RequestStatus } from '@common/schemas/deposits';
import type { PendingReview } from '@common/schemas/transactions';

export type ReviewKind = PendingReview['kind'];

interface KindSettings {
  /** The API collection. */
  resource: 'deposits' | 'c-withdrawals' | 'b-withdrawals';
  label: string;
  /** What approving, rejecting and deleting one needs (common/permissions.ts). */
  permission: Permission;
  noun: string;
  /** "Reject" for deposits, "Decline" for withdrawals. */
  rejectVerb: 'Reject' | 'Decline';
  statusLabels: Partial<Record<RequestStatus, string>>;
  approvedMessage: string;
  rejectedMessage: string;
  /** The original titles of a failed review (withdrawals only; deposits show the server's message). */
  approveFailed?: string;
  rejectFailed?: string;
  /** Deposits: approving or rejecting a reviewed one is refused here ("Deposit is already {status}"). */
  refuseReviewed: (status: RequestStatus) => string | null;
  /** What the server lets an admin delete: deposits not approved, withdrawals once declined. */
  deletable: (status: RequestStatus) => boolean;
}

const withdrawal = {
  permission: 'withdrawals.review',
  noun: 'withdrawal',
  rejectVerb: 'Decline',
  statusLabels: { rejected: 'Declined' },
  approvedMessage: MONEY_MSG.withdrawalApproved,
  rejectedMessage: MONEY_MSG.withdrawalDeclined,
  approveFailed: 'Failed to approve withdrawal',
  rejectFailed: 'Failed to decline withdrawal',
  refuseReviewed: () => null,
  deletable: (status) => status === 'rejected',
} satisfies Omit<KindSettings, 'resource' | 'label'>;

export const REVIEW_KINDS: Record<ReviewKind, KindSettings> = {
  deposit: {
    resource: 'deposits',
    label: 'Deposit',
    permission: 'deposits.review',
    noun: 'deposit',
    rejectVerb: 'Reject',
    statusLabels: {},
    approvedMessage: MONEY_MSG.depositApproved,
    rejectedMessage: MONEY_MSG.depositRejected,
    refuseReviewed: (status) => (status === 'pending' ? null : MONEY_MSG.depositAlready(status)),
    deletable: (status) => status !== 'approved',
  },
  'crypto-withdrawal': { ...withdrawal, resource: 'c-withdrawals', label: 'Crypto withdrawal' },
  'bank-withdrawal': { ...withdrawal, resource: 'b-withdrawals', label: 'Bank withdrawal' },
};

const WALLET_LABELS: Record<string, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
  bank: 'Bank transfer',
};

/** A wallet (or "bank", in the queue's method) in words. */
export function walletLabel(wallet: string): string {
  return WALLET_LABELS[wallet] ?? wallet;
}
