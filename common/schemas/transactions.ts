/**
 * Transaction history (admins add transactions that post to the ledger, and "delete" voids with a
 * reversing entry: docs/product.md). Amounts are USD decimals, always positive; `direction` tells
 * credit or debit.
 */
import { z } from 'zod';
import { withDateRange } from './date-range';
import {
  cursorQuery,
  decisionReasonField,
  nextCursorField,
  pagedListSchema,
  pageField,
  pageSizeField,
} from './common';
import { MONEY_MSG } from '../messages';
import { REQUEST_STATUSES } from './deposits';
import { destinationFields, reviewIdentitySchema } from './review-facts';
import { usdAmountField } from './money';

/** Types a history line can have: the original four plus the ledger's own. */
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

/** Types an admin can add (deposit, withdrawal, profit, bonus). */
export const ADMIN_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'profit', 'bonus'] as const;
export type AdminTransactionType = (typeof ADMIN_TRANSACTION_TYPES)[number];

const pageSize = pageSizeField;

/** The history's filters: a search in type/method/details/status, a type, a status. */
const historyFilters = z.object({
  search: z.string().trim().max(100).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});

/**
 * GET /api/transaction/all (and /admin with userId): page from 1, or a cursor page (`cursor`,
 * `limit`), with the history's filters.
 */
export const historyQuerySchema = historyFilters.extend({
  page: pageField,
  pageSize: pageSize.default(10),
  ...cursorQuery.shape,
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** GET /api/transaction/admin/export.csv: one client's history with the list's filters, no paging. */
export const adminHistoryExportQuerySchema = historyFilters.extend({ userId: z.uuid('Invalid id') });
export type AdminHistoryExportQuery = z.output<typeof adminHistoryExportQuerySchema>;

/** GET /api/reviews/pending (admin queue): page from 1, sizes 10/20/30/40, oldest first, sent on UTC days `from`–`to`. */
export const pendingReviewsQuerySchema = withDateRange(
  historyQuerySchema.pick({ page: true, pageSize: true }),
);
export type PendingReviewsQuery = z.output<typeof pendingReviewsQuerySchema>;

/** GET /api/reviews/export.csv: the queue's filter (UTC days `from`–`to`), no paging. */
export const pendingReviewsExportQuerySchema = withDateRange(z.object({}));

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

/**
 * DELETE /api/transaction/:id (admin): the required reason (3–500 characters) the client reads with
 * the reversal, in the notification and the e-mail.
 */
export const voidTransactionSchema = z.object({ reason: decisionReasonField });

/** A history line as the API answers it: amount in USD (always positive), ISO dates. */
export const publicTransactionSchema = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  amount: z.number(),
  direction: z.enum(['credit', 'debit']),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(REQUEST_STATUSES),
  method: z.string(),
  details: z.string(),
  date: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  voided: z.boolean().describe('True once a reversal has voided it (the reversal is its own line)'),
});
export type PublicTransaction = z.infer<typeof publicTransactionSchema>;

/** Answer of GET /api/transaction (the latest 10). */
export const transactionListAnswerSchema = z.object({ data: z.array(publicTransactionSchema) });

/** Answer of GET /api/transaction/all and /admin: one page and how many lines match in all. */
export const transactionPageAnswerSchema = pagedListSchema(publicTransactionSchema).extend({
  nextCursor: nextCursorField,
});

/** Answer of POST /api/transaction/:id (201, the new line) and DELETE /api/transaction/:id (the reversal). */
export const transactionAnswerSchema = z.object({ message: z.string(), data: publicTransactionSchema });

/** A pending deposit or withdrawal in the admin review queue (GET /api/reviews/pending). */
export const pendingReviewSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['deposit', 'crypto-withdrawal', 'bank-withdrawal']),
  userId: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  userBlocked: z
    .boolean()
    .describe('The client is blocked: a withdrawal cannot be approved (409), only declined'),
  amount: z.number(),
  method: z.string(),
  createdAt: z.iso.datetime(),
  identity: reviewIdentitySchema,
  ...destinationFields,
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;

/** Answer of GET /api/reviews/pending: one page of the queue and the number of pending requests. */
export const pendingReviewPageSchema = pagedListSchema(pendingReviewSchema);
export type PendingReviewPage = z.infer<typeof pendingReviewPageSchema>;

/** The client's figures (GET /api/ledger/account), all derived from the ledger, in USD. */
export const accountFiguresSchema = z.object({
  balance: z.number(),
  held: z.number(),
  invested: z.number(),
  totalDeposit: z.number(),
  totalProfit: z.number(),
  referralBonus: z.number(),
  totalBonus: z.number(),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

/** Answer of GET /api/ledger/account. */
export const accountFiguresAnswerSchema = z.object({ data: accountFiguresSchema });
