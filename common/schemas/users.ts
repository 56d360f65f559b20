/**
 * Payloads of /api/user (seed §7 "User"): the admin users list query and the account figures that
 * GET /user/me and GET /user/admin/:id add to a presented user (USD numbers, derived from the ledger).
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import type { PublicUser } from '../types';

/** GET /api/user/admin: page from 1, sizes 10/20/30/40, search in first name, last name or e-mail. */
export const usersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (LIMITS.tablePageSizes as readonly number[]).includes(n), 'pageSize must be 10, 20, 30 or 40')
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
}

/** Answer of GET /api/user/admin. */
export interface UsersPage {
  data: PublicUser[];
  total: number;
}
