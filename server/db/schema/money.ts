/**
 * Money core: the double-entry ledger in integer cents (accounts, journal entries and lines),
 * funding requests (deposits, withdrawals), one-time codes and idempotency keys. Hand-written guards
 * (append-only journal, balanced entries, cached balances kept by a trigger, the
 * transaction_history view) live in the migration `ledger_guards` (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, timeOrderedIdKey, timestamps } from './columns';
import { users } from './accounts';

/**
 * Ledger accounts. Client kinds (available, held, invested) belong to one user and can never go
 * below zero; house kinds (cash, income_expense) have no user. A client account's `balance` is a
 * cache of the sum of its lines, kept by a trigger on journal_lines (cents). House accounts keep no
 * cache (always 0; their balance is the sum of their lines): every posting has a house side, so a
 * cached house balance was one row that every money transaction in the system updated and queued on
 * (docs/performance.md; migration `house_balances_uncached`).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    balance: cents('balance')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_house_kind_idx')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('available', 'held', 'invested', 'cash', 'income_expense')`,
    ),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} in ('available', 'held', 'invested')) = (${t.userId} is not null)`,
    ),
    check(
      'ledger_accounts_client_non_negative',
      sql`${t.kind} not in ('available', 'held', 'invested') or ${t.balance} >= 0`,
    ),
    check('ledger_accounts_house_uncached', sql`${t.userId} is not null or ${t.balance} = 0`),
    // the transparency seal finds the accounts opened since its last horizon (modules/transparency/seal.ts)
    index('ledger_accounts_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * What each client account's lines add up to per kind of entry (cents): the figures a client sees
 * (total deposits, profit, bonuses) read a few of these rows instead of summing every line of their
 * history (docs/performance.md). A line of a reversing entry counts under the kind of the entry it
 * reverses, so a voided deposit takes its amount out of the deposits. Kept by the same trigger as
 * the cached balance, in the posting's transaction, and written by nothing else (migration
 * `ledger_account_totals`).
 */
export const ledgerAccountTotals = pgTable(
  'ledger_account_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The journal entry type (of the reversed entry, for a reversal). */
    entryType: text('entry_type').notNull(),
    total: cents('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.entryType] })],
);

/** Deposit requests: proof image by storage key; approval posts a deposit entry. */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: cents('amount').notNull(),
    wallet: text('wallet').notNull(),
    transactionHash: text('transaction_hash'),
    proofKey: text('proof_key').notNull(),
    status: text('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why staff rejected it (3–500 characters); the client reads it (docs/product.md). */
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposits_user_history_idx').on(t.userId, t.createdAt, t.id),
    // the first-deposit bonus checks a client's deposits at or above its minimum (deposits/approval.ts)
    index('deposits_user_amount_idx').on(t.userId, t.amount),
    // the review queue's order (oldest first), ids read from the index alone
    index('deposits_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_wallet_check', sql`${t.wallet} in ('bitcoin', 'ethereum')`),
    check('deposits_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // the reviewer is never the owner (docs/security.md "Separation of duties")
    check('deposits_reviewer_not_owner', sql`${t.reviewedBy} <> ${t.userId}`),
  ],
);

/**
 * Withdrawal requests (crypto and bank): one table, two methods.
 * The request holds the amount (withdrawal_hold); approval settles it, rejection releases it.
 * Deleting a declined request only hides it (`deleted_at`): its ledger entries stay.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    amount: cents('amount').notNull(),
    wallet: text('wallet'),
    address: text('address'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    /** A bank withdrawal's IBAN (electronic format), in place of `accountNumber` and `routing`. */
    iban: text('iban'),
    accountNumber: text('account_number'),
    routing: text('routing'),
    swift: text('swift'),
    status: text('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why staff declined it (3–500 characters); the client reads it (docs/product.md). */
    decisionReason: text('decision_reason'),
    /** The payout's transaction hash or bank reference staff entered on approval; the client reads it. */
    payoutReference: text('payout_reference'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_history_idx').on(t.userId, t.createdAt, t.id),
    // the review queue's order (oldest first), ids read from the index alone
    index('withdrawals_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // the reviewer is never the owner (docs/security.md "Separation of duties")
    check('withdrawals_reviewer_not_owner', sql`${t.reviewedBy} <> ${t.userId}`),
    check(
      'withdrawals_method_fields',
      sql`(${t.method} = 'crypto' and ${t.wallet} in ('usdt', 'bitcoin', 'ethereum') and ${t.address} is not null)
        or (${t.method} = 'bank' and ${t.wallet} is null and ${t.bankName} is not null and ${t.accountName} is not null
            and (${t.iban} is null) = (${t.accountNumber} is not null and ${t.routing} is not null)
            and ${t.swift} is not null)`,
    ),
    check('withdrawals_deleted_only_rejected', sql`${t.deletedAt} is null or ${t.status} = 'rejected'`),
  ],
);

/**
 * Journal entries (append-only). `userId` is the client the entry concerns; `reverses` links a
 * reversal to the entry it voids (unique: an entry is voided at most once); `depositId` /
 * `withdrawalId` link entries posted by a funding request. `effectiveAt` is the date shown to the
 * client (an admin may back-date a transaction).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: timeOrderedIdKey(),
    type: text('type').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    memo: text('memo').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id),
    reverses: uuid('reverses').references((): AnyPgColumn => journalEntries.id),
    depositId: uuid('deposit_id').references(() => deposits.id),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    planId: uuid('plan_id').references((): AnyPgColumn => plans.id),
    tradingActivityId: uuid('trading_activity_id').references((): AnyPgColumn => tradingActivities.id),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_entries_user_id_idx').on(t.userId, t.effectiveAt),
    // four-eyes by aggregate: what one staff member posted on one client lately
    // (modules/approvals/aggregate.ts); entries without an acting staff member are left out
    index('journal_entries_actor_recent_idx')
      .on(t.actorId, t.userId, t.createdAt)
      .where(sql`${t.actorId} is not null`),
    // the transparency log's seal finds the entries it has not appended yet in posting order
    // (modules/transparency/seal.ts) from a recent time on, not over all of history
    index('journal_entries_created_at_idx').on(t.createdAt, t.id),
    // the history's order for the entries it shows (no deposit or withdrawal posted them)
    index('journal_entries_user_history_idx')
      .on(t.userId, t.effectiveAt, t.createdAt, t.id)
      .where(sql`${t.depositId} is null and ${t.withdrawalId} is null`),
    // lookups by a request, plan or reversed entry only: the entries without one are left out, so
    // a posting adds no row to the indexes of the links it does not have (migration posting_costs)
    index('journal_entries_deposit_id_idx')
      .on(t.depositId)
      .where(sql`${t.depositId} is not null`),
    index('journal_entries_withdrawal_id_idx')
      .on(t.withdrawalId)
      .where(sql`${t.withdrawalId} is not null`),
    index('journal_entries_plan_id_idx')
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    index('journal_entries_trading_activity_id_idx')
      .on(t.tradingActivityId)
      .where(sql`${t.tradingActivityId} is not null`),
    uniqueIndex('journal_entries_reverses_idx')
      .on(t.reverses)
      .where(sql`${t.reverses} is not null`),
    check(
      'journal_entries_type_check',
      sql`${t.type} in ('deposit', 'withdrawal_hold', 'withdrawal_settle', 'withdrawal_release', 'plan_open',
        'plan_close', 'profit', 'bonus', 'referral_bonus', 'adjustment', 'reversal')`,
    ),
    check('journal_entries_reversal_link', sql`(${t.type} = 'reversal') = (${t.reverses} is not null)`),
  ],
);

/** Journal lines: a signed amount (cents) on one account; the lines of an entry sum to zero. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: timeOrderedIdKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: cents('amount').notNull(),
  },
  (t) => [
    index('journal_lines_entry_id_idx').on(t.entryId),
    index('journal_lines_account_id_idx').on(t.accountId),
    check('journal_lines_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * One-time codes we issue ourselves (withdrawal confirmation: docs/product.md): HMAC of the code bound
 * to user and purpose, 10 minutes, at most 5 tries, single use. No route ever returns a row.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('one_time_codes_purpose_check', sql`${t.purpose} in ('withdrawal')`),
  ],
);

/** First answers of money-moving POSTs, by (user, Idempotency-Key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Investment plans. Opening posts `plan_open` (available →
 * invested); completing (end date passed, or an admin clears it) posts `plan_close` (invested →
 * available). At most one active plan per client (partial unique index). Amount in cents.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    plan: text('plan').notNull(),
    amount: cents('amount').notNull(),
    durationDays: integer('duration_days').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('active'),
    /** How it ended: 'schedule' (end date reached) or 'admin' (cleared). */
    closedBy: text('closed_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plans_one_active_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('plans_user_id_idx').on(t.userId, t.startDate),
    index('plans_due_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'active'`),
    check('plans_plan_check', sql`${t.plan} in ('copy_trading', 'investment')`),
    check('plans_amount_positive', sql`${t.amount} > 0`),
    check('plans_duration_positive', sql`${t.durationDays} > 0`),
    check('plans_status_check', sql`${t.status} in ('active', 'completed')`),
    check('plans_closed_by_check', sql`${t.closedBy} is null or ${t.closedBy} in ('schedule', 'admin')`),
  ],
);

/**
 * Trading activities: one row per plan opened and per profit posting
 * or admin entry. `profit` (cents, signed) always equals the sum of the profit entries posted for
 * the row (a change of profit posts the difference: docs/product.md).
 */
export const tradingActivities = pgTable(
  'trading_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id').references(() => plans.id),
    plan: text('plan').notNull(),
    tradeAmount: cents('trade_amount').notNull(),
    profit: cents('profit')
      .notNull()
      .default(sql`0`),
    status: text('status').notNull().default('active'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    /** Why a plan result was posted (POST /api/user/admin/add-profit/:id), shown to the client. */
    reason: text('reason'),
    /** An admin's delete hides the row once its profit has been reversed to zero; entries keep their link. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('trading_activities_user_id_idx').on(t.userId, t.date),
    index('trading_activities_plan_id_idx').on(t.planId),
    check('trading_activities_plan_check', sql`${t.plan} in ('copy_trading', 'investment')`),
    check('trading_activities_trade_amount_non_negative', sql`${t.tradeAmount} >= 0`),
    check('trading_activities_status_check', sql`${t.status} in ('active', 'completed')`),
  ],
);
