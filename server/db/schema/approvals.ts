/**
 * Four-eyes approval (docs/security.md "Four-eyes approval"): a money action at or above
 * FOUR_EYES_THRESHOLD_USD does not act when its maker asks; it waits here until a second staff
 * member with the same permission approves it (the action then runs in the decision's
 * transaction) or rejects it with a reason. The maker never checks their own request.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';
import { users } from './accounts';

/** One requested money action and its decision. Amounts are cents. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * What would run: an adjustment, a history line, a plan result, a void, a withdrawal's or a
     * deposit's approval, a staff operation on an owner (block, unblock, two-factor reset), or a
     * raise of a verification level's caps (`limits_update`, about no one person).
     */
    action: text('action').notNull(),
    /**
     * The client whose money it moves; for a staff operation, the staff member it acts on; null
     * only for a change of a setting that binds every client (`limits_update`).
     */
    clientId: uuid('client_id').references(() => users.id),
    /**
     * The amount it moves (cents, positive; 0 for a staff operation; for `limits_update` the
     * largest raise of one cap), compared with the threshold.
     */
    amount: cents('amount').notNull(),
    /** The action's input as the maker sent it (JSON, amounts as strings of cents), replayed on approval. */
    payload: jsonb('payload').notNull(),
    /** The maker's reason, shown to the checker (and to the client with the result). */
    reason: text('reason').notNull(),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    checkerId: uuid('checker_id').references(() => users.id),
    /** Why the checker rejected it. */
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** What the approved action answered (its id), for the audit trail and the queue. */
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [
    index('approval_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('approval_requests_client_idx').on(t.clientId, t.createdAt),
    // one pending request per row acted on (a void, a withdrawal's approval, an activity's change)
    uniqueIndex('approval_requests_one_pending_target')
      .on(t.action, sql`(${t.payload} ->> 'target')`)
      .where(sql`${t.status} = 'pending' and ${t.payload} ? 'target'`),
    check(
      'approval_requests_action_check',
      sql`${t.action} in ('adjustment', 'transaction', 'profit', 'void', 'withdrawal_approval', 'deposit_approval',
        'staff_block', 'staff_unblock', 'staff_reset_two_factor', 'limits_update')`,
    ),
    // only a setting's change (the caps of a verification level) is about no one person
    check('approval_requests_subject', sql`(${t.clientId} is null) = (${t.action} = 'limits_update')`),
    check('approval_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // a money action moves something; a staff operation on an owner moves nothing
    check(
      'approval_requests_amount',
      sql`case when ${t.action} in ('staff_block', 'staff_unblock', 'staff_reset_two_factor') then ${t.amount} = 0
        else ${t.amount} > 0 end`,
    ),
    check('approval_requests_four_eyes', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    // neither the maker nor the checker is the person the request is about (docs/security.md
    // "Separation of duties")
    check('approval_requests_maker_not_client', sql`${t.makerId} <> ${t.clientId}`),
    check('approval_requests_checker_not_client', sql`${t.checkerId} <> ${t.clientId}`),
    check(
      'approval_requests_decided',
      sql`(${t.status} = 'pending') = (${t.checkerId} is null and ${t.decidedAt} is null)`,
    ),
  ],
);
