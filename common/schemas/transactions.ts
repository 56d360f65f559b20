/**
 * Transaction history (seed §2.7 transaction history, §3 "Transaction", §4, §7 "Transactions";
 * DESIGN.md §5: admins add transactions that post to the ledger, and "delete" voids with a
 * reversing entry). Amounts are USD decimals, always positive; `direction` tells credit or debit.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MONEY_MSG } from '../messages';
import { REQUEST_STATUSES, type RequestStatus } from './deposits';
import { usdAmountField } from './money';

/** Types a history line can have: the seed's four plus the ledger's own. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'referral_bonus',
  'adjustment',
  'reversal',
  'plan_open',
  'plan_close',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Types an admin can add (seed §4: deposit, withdrawal, profit, bonus). */
export const ADMIN_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'profit', 'bonus'] as const;
export type AdminTransactionType = (typeof ADMIN_TRANSACTION_TYPES)[number];

const pageSize = z.coerce
  .number()
  .refine(
    (n) => (LIMITS.tablePageSizes as readonly number[]).includes(n),
    'pageSize must be 10, 20, 30 or 40',
  );

/** GET /api/transaction/all (and /admin with userId): page from 1, search in type/method/details/status. */
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSize.default(10),
  search: z.string().trim().max(100).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** GET /api/reviews/pending (admin queue): page from 1, sizes 10/20/30/40, oldest first. */
export const pendingReviewsQuerySchema = historyQuerySchema.pick({ page: true, pageSize: true });
export type PendingReviewsQuery = z.output<typeof pendingReviewsQuerySchema>;

/** POST /api/transaction/:userId (admin). `date` is an ISO date-time; status can only be approved. */
export const addTransactionSchema = z.object({
  amount: usdAmountField(),
  transactionType: z.enum(ADMIN_TRANSACTION_TYPES, {
    error: 'transactionType must be deposit, withdrawal, profit or bonus',
  }),
  date: z
    .string({ error: MONEY_MSG.invalidDate })
    .refine((s) => !Number.isNaN(Date.parse(s)), MONEY_MSG.invalidDate)
    .transform((s) => new Date(s))
    .refine(
      (d) => d.getUTCFullYear() >= 2000 && d.getTime() <= Date.now() + 86_400_000,
      MONEY_MSG.invalidDate,
    )
    .optional(),
  details: z.string({ error: MONEY_MSG.detailsRequired }).trim().min(1, MONEY_MSG.detailsRequired).max(500),
  status: z.literal('approved', { error: MONEY_MSG.adminTransactionStatus }).default('approved'),
});
export type AddTransactionInput = z.output<typeof addTransactionSchema>;

/** DELETE /api/transaction/:id (admin): optional reason shown to the client with the reversal. */
export const voidTransactionSchema = z.object({ reason: z.string().trim().max(500).optional() }).nullish();

/** A history line as the API answers it. */
export interface PublicTransaction {
  _id: string;
  userId: string;
  amount: number;
  direction: 'credit' | 'debit';
  type: TransactionType;
  status: RequestStatus;
  method: string;
  details: string;
  date: string;
  createdAt: string;
  /** True once a reversal has voided it (the reversal is its own line). */
  voided: boolean;
}

/** A pending deposit or withdrawal in the admin review queue (GET /api/reviews/pending). */
export interface PendingReview {
  _id: string;
  kind: 'deposit' | 'crypto-withdrawal' | 'bank-withdrawal';
  userId: string;
  user: { firstName: string; lastName: string; email: string };
  /** The client is blocked: a withdrawal cannot be approved (409), only declined. */
  userBlocked: boolean;
  amount: number;
  method: string;
  createdAt: string;
}

/** Answer of GET /api/reviews/pending: one page of the queue and the number of pending requests. */
export interface PendingReviewPage {
  data: PendingReview[];
  total: number;
}

/** The client's figures (GET /api/ledger/account), all derived from the ledger, in USD. */
export interface AccountFigures {
  balance: number;
  held: number;
  invested: number;
  totalDeposit: number;
  totalProfit: number;
  referralBonus: number;
  totalBonus: number;
}
