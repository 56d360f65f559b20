/**
 * Payloads of /api/user (seed §7 "User"): the admin users list query, the account figures that
 * GET /user/me and GET /user/admin/:id add to a presented user (USD numbers, derived from the
 * ledger), and the back office's edits: user info, KYC review, account labels, adjustments.
 */
import { z } from 'zod';
import { ACCOUNT_PLANS, LIMITS, VERIFICATION_STATUSES } from '../constants';
import { MSG, USER_ADMIN_MSG } from '../messages';
import type { PublicUser } from '../types';
import type { PublicActivePlan } from './plans';
import { usdAmountField } from './money';

/** GET /api/user/admin: page from 1, sizes 10/20/30/40, search in first name, last name or e-mail. */
export const usersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .refine(
      (n) => (LIMITS.tablePageSizes as readonly number[]).includes(n),
      'pageSize must be 10, 20, 30 or 40',
    )
    .default(10),
  search: z.string().trim().max(100).optional(),
});
export type UsersQuery = z.output<typeof usersQuerySchema>;

/** The account of a user with its ledger figures (USD). */
export interface UserAccountFigures {
  accountPlan: PublicUser['account']['accountPlan'];
  currencySymbol: string;
  balance: number;
  totalProfit: number;
  totalDeposit: number;
  referralBonus: number;
  invested: number;
  held: number;
}

/** A presented user with account figures and who referred them. */
export interface UserWithFigures extends Omit<PublicUser, 'account'> {
  account: UserAccountFigures;
  referredBy: { firstName: string; lastName: string; email: string } | null;
  /** The client's active plan, or null (completed plans are not shown). */
  activePlan: PublicActivePlan | null;
}

/** Answer of GET /api/user/admin. */
export interface UsersPage {
  data: PublicUser[];
  total: number;
}

// ---------------------------------------------------------------------------------------------
// Back office: client management (seed §2.8, §5 "Admin edit user", "Admin account form"; DESIGN.md §5)
// ---------------------------------------------------------------------------------------------

const ALL = USER_ADMIN_MSG.allFieldsRequired;
/** A required text field: trimmed, non-empty ("All fields are required"), at most `max` characters. */
const requiredText = (max: number) =>
  z.string({ error: ALL }).trim().min(1, ALL).max(max, `At most ${max} characters`);

/** PUT /api/user/admin/:id (seed §7): every field required ("All fields are required"). */
export const updateUserSchema = z.object({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: requiredText(LIMITS.emailMax).pipe(z.email(MSG.invalidEmail)),
  phone: requiredText(LIMITS.phoneMax),
  location: z.object({ address: requiredText(200), state: requiredText(100) }, { error: ALL }),
  verificationStatus: z.enum(VERIFICATION_STATUSES, { error: ALL }),
  isBlocked: z.boolean({ error: ALL }),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** The outcomes of a KYC review (PUT /api/user/admin/:id/verification). */
export const VERIFICATION_REVIEW_STATUSES = ['verified', 'rejected'] as const;
export const verificationReviewSchema = z.object({
  status: z.enum(VERIFICATION_REVIEW_STATUSES, { error: 'status must be verified or rejected' }),
});
export type VerificationReviewInput = z.output<typeof verificationReviewSchema>;

/** PUT /api/user/admin/account/:id: the account's labels only; balances come from the ledger (DESIGN.md §5). */
export const updateAccountSchema = z.object({
  currencySymbol: requiredText(8),
  accountPlan: z.enum(ACCOUNT_PLANS, { error: ALL }),
});
export type UpdateAccountInput = z.output<typeof updateAccountSchema>;

/** Directions of an adjustment: credit adds to the client's available balance, debit takes from it. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/**
 * POST /api/user/admin/account/:id/adjustments: a ledger `adjustment` of `amount` USD (> 0, at most
 * 2 decimals; output in cents) with a required reason the client sees in their history.
 */
export const adjustmentSchema = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'direction must be credit or debit' }),
  amount: usdAmountField(),
  reason: z
    .string({ error: USER_ADMIN_MSG.adjustmentReasonRequired })
    .trim()
    .min(1, USER_ADMIN_MSG.adjustmentReasonRequired)
    .max(500, 'At most 500 characters'),
});
export type AdjustmentInput = z.output<typeof adjustmentSchema>;

/** Approved deposits or withdrawals in a window: how many and their sum (USD). */
export interface ApprovedFigures {
  count: number;
  total: number;
}

/** Answer of GET /api/user/admin/overview (the back office's dashboard). */
export interface AdminOverview {
  /** Clients (not admins, not deleted). */
  clients: number;
  /** Pending deposits and withdrawals (the review queue). */
  pendingReviews: number;
  /** Clients whose identity documents wait for a review. */
  pendingVerifications: number;
  /** Approved in the last 1, 7 and 30 days (by review time). */
  deposits: Record<'1' | '7' | '30', ApprovedFigures>;
  withdrawals: Record<'1' | '7' | '30', ApprovedFigures>;
}
