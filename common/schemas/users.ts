/**
 * Payloads of /api/user: the admin users list query, the account figures that GET /user/me and
 * GET /user/admin/:id add to a presented user (USD numbers, derived from the ledger), and the back
 * office's edits: user info, KYC review, account labels, adjustments.
 */
import { z } from 'zod';
import { ACCOUNT_PLANS, DOCUMENT_TYPES, GENDERS, LIMITS, VERIFICATION_STATUSES } from '../constants';
import { MSG, USER_ADMIN_MSG } from '../messages';
import { ROLES } from '../permissions';
import { publicActivePlanSchema } from './plans';
import { usdAmountField } from './money';
import { withDateRange } from './date-range';
import { integrityStatusSchema } from './liabilities';
import {
  cursorQuery,
  decisionReasonField,
  messageAnswerSchema,
  nextCursorField,
  pagedListSchema,
  pagingQuery,
  textFields,
} from './common';

/** A stored file as an authenticated API path (fetch it with the bearer token), or null without one. */
const fileLink = z.object({ url: z.string().nullable() });

/**
 * The user as it leaves the server (`presentUser`), with the original field names. Answers are
 * serialized through this schema: a field it lacks never leaves the server.
 */
export const publicUserSchema = z.object({
  ...textFields('_id', 'firstName', 'lastName', 'email', 'phone', 'country'),
  gender: z.enum(GENDERS).nullable(),
  location: z.object({ address: z.string(), state: z.string() }),
  createdAt: z.iso.datetime(),
  isAdmin: z.boolean().describe('True for every staff role'),
  role: z.enum(ROLES).describe('client, or the staff role (common/permissions.ts)'),
  isEmailConfirmed: z.boolean(),
  isBlocked: z.boolean(),
  twoFactorEnabled: z.boolean().describe('True while the user signs in with an authenticator code as well'),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  /** Why staff rejected the identity documents (shown on the client's verification panel); null otherwise. */
  verificationReason: z.string().nullable(),
  /**
   * When staff approved the proof of address (verification level `address`, docs/security.md
   * "Limits by verification level"); null until then.
   */
  addressVerifiedAt: z.iso.datetime().nullable(),
  referralId: z.string(),
  profilePicture: fileLink,
  verification: z
    .object({
      documentType: z.enum(DOCUMENT_TYPES).nullable(),
      documentFront: fileLink,
      documentBack: fileLink,
      submittedAt: z.iso.datetime().nullable(),
      decidedAt: z.iso
        .datetime()
        .nullable()
        .describe('When staff last verified or rejected the documents; null before a decision'),
    })
    .describe('The identity documents last submitted, served only to the owner and admins'),
  account: z.object({ accountPlan: z.enum(ACCOUNT_PLANS), currencySymbol: z.string() }),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The orders of the users list (docs/integrations.md "Cursor pages"): joined newest or oldest first, by name, by e-mail. */
export const USER_SORTS = ['newest', 'oldest', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The users list's filters: search in first name, last name or e-mail, verification, joined from/to; its order. */
const usersFilters = z.object({
  search: z.string().trim().max(100).optional(),
  /** Only users whose identity verification is in this state (e.g. `pending`: checks waiting). */
  verification: z.enum(VERIFICATION_STATUSES).optional(),
  sort: z.enum(USER_SORTS).default('newest'),
});

/** GET /api/user/admin/export.csv: the list's filters (`from`/`to`: joined on those UTC days). */
export const usersExportQuerySchema = withDateRange(usersFilters);
export type UsersExportQuery = z.output<typeof usersExportQuerySchema>;

/** GET /api/user/admin: page from 1, sizes 10/20/30/40, or a cursor page; and the filters of the export. */
export const usersQuerySchema = withDateRange(
  usersFilters.extend({ ...pagingQuery(10).shape, ...cursorQuery.shape }),
);
export type UsersQuery = z.output<typeof usersQuerySchema>;

/** The account of a user with its ledger figures (USD). */
export const userAccountFiguresSchema = publicUserSchema.shape.account.extend({
  balance: z.number(),
  totalProfit: z.number(),
  totalDeposit: z.number(),
  referralBonus: z.number(),
  invested: z.number(),
  held: z.number(),
});
export type UserAccountFigures = z.infer<typeof userAccountFiguresSchema>;

/** Who referred a user (name and e-mail), or null. */
export const referrerSchema = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string() })
  .nullable();

/** A presented user with account figures, who referred them and their active plan (or null). */
export const userWithFiguresSchema = publicUserSchema.extend({
  account: userAccountFiguresSchema,
  referredBy: referrerSchema,
  verificationDecidedBy: referrerSchema.describe(
    'The staff member who last verified or rejected the documents, for the back office; null for the client',
  ),
  activePlan: publicActivePlanSchema.nullable().describe('The active plan; completed plans are not shown'),
});
export type UserWithFigures = z.infer<typeof userWithFiguresSchema>;

/** Answer of GET /api/user/me and GET /api/user/admin/:id. */
export const userWithFiguresAnswerSchema = z.object({ data: userWithFiguresSchema });

/** Answer of a change to the signed-in user's profile: the refreshed user with figures. */
export const userWithFiguresChangeAnswerSchema = messageAnswerSchema.extend({ data: userWithFiguresSchema });

/** Answer of GET /api/user/admin/email/:email. */
export const userAnswerSchema = z.object({ data: publicUserSchema });

/** Answer of an admin's change to a user (`{ message, data }`). */
export const userChangeAnswerSchema = messageAnswerSchema.extend({ data: publicUserSchema });

/** Answer of GET /api/user/admin. */
export const usersPageSchema = pagedListSchema(publicUserSchema).extend({ nextCursor: nextCursorField });
export type UsersPage = z.infer<typeof usersPageSchema>;

// ---------------------------------------------------------------------------------------------
// Back office: client management (docs/product.md)
// ---------------------------------------------------------------------------------------------

const ALL = USER_ADMIN_MSG.allFieldsRequired;
/** A required text field: trimmed, non-empty ("All fields are required"), at most `max` characters. */
const requiredText = (max: number) =>
  z.string({ error: ALL }).trim().min(1, ALL).max(max, `At most ${max} characters`);

/**
 * PUT /api/user/admin/:id: every field required ("All fields are required"), but `reason`: needed
 * (3–500 characters) only to block a client who is not blocked yet.
 */
export const updateUserSchema = z.object({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: requiredText(LIMITS.emailMax).pipe(z.email(MSG.invalidEmail)),
  phone: requiredText(LIMITS.phoneMax),
  location: z.object({ address: requiredText(200), state: requiredText(100) }, { error: ALL }),
  verificationStatus: z.enum(VERIFICATION_STATUSES, { error: ALL }),
  isBlocked: z.boolean({ error: ALL }),
  /** Required when `isBlocked` blocks a client who is not blocked yet (the client reads it). */
  reason: decisionReasonField.optional(),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** The outcomes of a KYC review (PUT /api/user/admin/:id/verification). */
export const VERIFICATION_REVIEW_STATUSES = ['verified', 'rejected'] as const;
/** A rejection needs the reason the client reads (3–500 characters); a verification ignores one. */
export const verificationReviewSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('verified'), reason: z.string().optional() }),
    z.object({ status: z.literal('rejected'), reason: decisionReasonField }),
  ],
  { error: 'status must be verified or rejected' },
);
export type VerificationReviewInput = z.output<typeof verificationReviewSchema>;

/** PUT /api/user/admin/account/:id: the account's labels only; balances come from the ledger (docs/product.md). */
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
export const approvedFiguresSchema = z.object({ count: z.number().int(), total: z.number() });
export type ApprovedFigures = z.infer<typeof approvedFiguresSchema>;

const byWindow = z.object({
  '1': approvedFiguresSchema,
  '7': approvedFiguresSchema,
  '30': approvedFiguresSchema,
});

/** The back office's dashboard: clients, the review queues and approved money in 1, 7 and 30 days. */
export const adminOverviewSchema = z.object({
  clients: z.number().int().describe('Clients (not admins, not deleted)'),
  pendingReviews: z.number().int().describe('Pending deposits and withdrawals (the review queue)'),
  pendingVerifications: z.number().int().describe('Clients whose identity documents wait for a review'),
  pendingApprovals: z.number().int().describe('Money actions waiting for a second staff member (four-eyes)'),
  deposits: byWindow.describe('Approved in the last 1, 7 and 30 days (by review time)'),
  withdrawals: byWindow.describe('Approved in the last 1, 7 and 30 days (by review time)'),
  integrity: integrityStatusSchema
    .nullable()
    .describe('The latest ledger integrity check; null before the first'),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Answer of GET /api/user/admin/overview. */
export const adminOverviewAnswerSchema = z.object({ data: adminOverviewSchema });

/** Answer of POST /api/user/admin/account/:id/adjustments (201): the entry and the available balance (USD). */
export const adjustmentAnswerSchema = messageAnswerSchema.extend({
  data: z.object({
    _id: z.string(),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: z.number(),
    reason: z.string(),
    available: z.number().describe("The client's available balance after the entry (USD)"),
  }),
});
