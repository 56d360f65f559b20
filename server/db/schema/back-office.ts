/**
 * The client area and back office: notifications, the transaction history view, contact messages,
 * investment plans and trading activities, support tickets and replies, and the audit log.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, timeOrderedIdKey, timestamps } from './columns';
import { users } from './accounts';
import { apiKeys } from './api-keys';

/** In-app notices to a user. */
export const notifications = pgTable(
  'notifications',
  {
    id: timeOrderedIdKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.createdAt)],
);

/** The columns of a history line, in every view of the history. */
const historyLineColumns = {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  amount: cents('amount').notNull(),
  direction: text('direction').notNull(),
  method: text('method').notNull(),
  details: text('details').notNull(),
  date: timestamp('date', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  voided: boolean('voided').notNull(),
  source: text('source').notNull(),
};

/**
 * The client's transaction history: deposits and withdrawals with their
 * status, plus approved journal entries that no funding request posted (admin transactions,
 * bonuses, profit, reversals). The union of the three views below (migration `history_pages`).
 */
export const transactionHistory = pgView('transaction_history', historyLineColumns).existing();

/** The history's deposit lines (a page reads each source in index order: docs/performance.md). */
export const historyDepositLines = pgView('history_deposit_lines', historyLineColumns).existing();

/** The history's withdrawal lines (not deleted). */
export const historyWithdrawalLines = pgView('history_withdrawal_lines', historyLineColumns).existing();

/** The history's journal entry lines: entries no deposit or withdrawal posted, with an effect. */
export const historyEntryLines = pgView('history_entry_lines', historyLineColumns).existing();

/** Messages from the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/** Support tickets (the client sees replies: docs/product.md). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('support_tickets_user_id_idx').on(t.userId, t.createdAt),
    index('support_tickets_created_at_idx').on(t.createdAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** Replies on a support ticket, from support (an admin) or from the client. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    fromSupport: boolean('from_support').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_ticket_id_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The audit log: one row per admin action that changes anything, written in the same
 * transaction as the change. Append-only: a trigger (migration `audit_guards`) refuses UPDATE and
 * DELETE. `targetUserId` is the client concerned; `targetId` the row acted on.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: timeOrderedIdKey(),
    /** Null for an action made on the command line (`npm run staff`), where nobody is signed in. */
    actorId: uuid('actor_id').references(() => users.id),
    /** The API key the actor acted through (docs/integrations.md "API keys"); null for a person. */
    actorKeyId: uuid('actor_key_id').references(() => apiKeys.id),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // the list's order (newest first), ids read from the index alone
    index('audit_log_order_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_user_idx').on(t.targetUserId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * One row per pass of a scheduled task (the plan sweep, housekeeping) and per time slot of its
 * interval: the API process that inserts it runs the pass, every other process finds the slot taken
 * and skips it, so a task runs once per slot however many processes run (server/lib/periodic.ts).
 * Housekeeping deletes rows older than a week.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    /** The task, e.g. "plan sweep". */
    name: text('name').notNull(),
    /** The start of the slot (the time rounded down to the task's interval). */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** Which process ran it: host name and process id. */
    runBy: text('run_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why the pass failed, when it did. */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] }), index('scheduled_runs_started_idx').on(t.startedAt)],
);

/**
 * How many rows some admin lists have without a filter (`live_users`, `pending_reviews`,
 * `audit_log`), kept by
 * triggers as rows change (migration `list_counts`), so a page's total needs no count of the list.
 * Each list's count is the sum of its shards: a transaction adds to the shard of its own database
 * connection, so writers on different connections do not queue on one row.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list').notNull(),
    shard: smallint('shard').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.shard] })],
);
