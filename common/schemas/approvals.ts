/**
 * Four-eyes approval (docs/security.md "Four-eyes approval"): the queue of money actions at or above
 * FOUR_EYES_THRESHOLD_USD that wait for a second staff member, and the answers of the routes that
 * hold such an action instead of running it. Amounts are USD (numbers) here, cents in the database.
 *
 * GET  /api/approvals              ?page&pageSize&status → {data, total}; pending oldest first, decided newest first
 * POST /api/approvals/:id/approve  → {message, data}: the action runs in the decision's transaction
 * POST /api/approvals/:id/reject   {reason} → {message, data}
 * A held money route (adjustment, history line, plan result, trading activity, void, withdrawal or
 * deposit approval) answers 202 `approvalHeldAnswerSchema`: at or above the threshold alone, or
 * with what the same maker moved on the same client in the last 24 hours. An owner's block, unblock
 * or two-factor reset of another owner (/api/staff/:id/…) answers 202 too, decided by another owner,
 * and so does a raise of a verification level's caps at or above the threshold
 * (PUT /api/limits/levels/:level; `limits_update`, about no client).
 */
import { z } from 'zod';
import { cursorQuery, messageAnswerSchema, nextCursorField, pagedListSchema, pagingQuery } from './common';

/** What a request would run, by kind (the database's `approval_requests.action`). */
export const APPROVAL_ACTIONS = [
  'adjustment',
  'transaction',
  'profit',
  'void',
  'withdrawal_approval',
  'deposit_approval',
  'staff_block',
  'staff_unblock',
  'staff_reset_two_factor',
  'limits_update',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The kinds that are an owner's action on another owner, not money: amount 0, `client` is the member. */
export const STAFF_APPROVAL_ACTIONS = ['staff_block', 'staff_unblock', 'staff_reset_two_factor'] as const;

/** Whether `action` is a staff operation (its request names a staff member, and moves no money). */
export const isStaffOperation = (action: ApprovalAction): boolean =>
  (STAFF_APPROVAL_ACTIONS as readonly string[]).includes(action);

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A staff member or client as the queue names them. */
const person = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One approval request as the queue shows it. */
export const approvalRequestSchema = z.object({
  _id: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  /** What would run, in words, e.g. "Credit adjustment of $5,000.00". */
  summary: z.string().describe('What would run, in words'),
  amount: z
    .number()
    .describe(
      "The amount it moves (USD), compared with the threshold; 0 for a staff operation; a caps change's largest raise",
    ),
  status: z.enum(APPROVAL_STATUSES),
  client: person
    .nullable()
    .describe(
      'The client whose money it moves; for a staff operation, the staff member; null for a caps change (every client at the level)',
    ),
  reason: z.string().describe("The maker's reason"),
  maker: person,
  checker: person.nullable(),
  decisionReason: z.string().nullable().describe("The checker's reason for a rejection"),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  resultId: z
    .string()
    .nullable()
    .describe('The id of what the approved action made (entry, line, activity, withdrawal)'),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/**
 * `GET /api/approvals`: `status` pending (default; oldest first) or decided (newest first), all of
 * them or those about one client (`clientId`); by page number, or by cursor (`cursor`, `limit`).
 */
export const approvalsQuerySchema = pagingQuery().extend({
  ...cursorQuery.shape,
  status: z.enum(['pending', 'decided']).default('pending'),
  clientId: z
    .string()
    .uuid()
    .optional()
    .describe(
      'Only the requests about this client (or staff member): the client pages say what waits for a checker, so nobody asks twice',
    ),
});
export type ApprovalsQuery = z.output<typeof approvalsQuerySchema>;

/** `GET /api/approvals/export.csv`: the queue's filters (`status`, `clientId`), no paging. */
export const approvalsExportQuerySchema = approvalsQuerySchema.pick({ status: true, clientId: true });
export type ApprovalsExportQuery = z.output<typeof approvalsExportQuerySchema>;

export const approvalsPageSchema = pagedListSchema(approvalRequestSchema).extend({
  nextCursor: nextCursorField,
});

/** The answer of approve / reject, and of a money route that held its action (202). */
export const approvalAnswerSchema = messageAnswerSchema.extend({ data: approvalRequestSchema });
export type ApprovalAnswer = z.infer<typeof approvalAnswerSchema>;

/** A money route's 202: the action was not run; it waits in the queue (`data`). */
export const approvalHeldAnswerSchema = approvalAnswerSchema.describe(
  'At or above the four-eyes threshold: nothing moved yet; the request waits for a second staff member',
);
