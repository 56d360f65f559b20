/**
 * The one Drizzle schema (DESIGN.md §4). Tables are snake_case; property names are the ones
 * better-auth expects for its four tables (user, session, account, verification), plus our columns.
 * Migrations are generated from this file by drizzle-kit into ./migrations.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Clients and admins. better-auth owns id/name/email/emailVerified/image/role/banned*; the rest is ours. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    // admin plugin
    role: text('role').notNull().default('client'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // profile (seed §3)
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    gender: text('gender'),
    country: text('country').notNull().default(''),
    address: text('address').notNull().default(''),
    state: text('state').notNull().default(''),
    verificationStatus: text('verification_status').notNull().default('awaiting'),
    accountPlan: text('account_plan').notNull().default('Basic'),
    currencySymbol: text('currency_symbol').notNull().default('$'),
    referralId: text('referral_id').notNull().unique(),
    /** Mirrors an enabled row in `two_factors`, so the request guard knows it without a second query. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    referredBy: uuid('referred_by'),
    profilePictureKey: text('profile_picture_key'),
    // KYC verification upload (seed §3 "Verification upload"): stored files by key, never public
    documentType: text('document_type'),
    documentFrontKey: text('document_front_key'),
    documentBackKey: text('document_back_key'),
    verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
    /** Set when an admin deletes the client: personal data erased, ledger history kept (DESIGN.md §5). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_referred_by_idx').on(t.referredBy),
    check('users_role_check', sql`${t.role} in ('client', 'admin')`),
    check(
      'users_verification_status_check',
      sql`${t.verificationStatus} in ('awaiting', 'pending', 'verified', 'rejected', 'failed')`,
    ),
    check(
      'users_account_plan_check',
      sql`${t.accountPlan} in ('Basic', 'Bronze', 'Silver', 'Gold', 'Platinum')`,
    ),
    check(
      'users_document_type_check',
      sql`${t.documentType} is null or ${t.documentType} in ('passport', 'national-id', 'driver-license', 'other')`,
    ),
  ],
);

/** better-auth sessions: the bearer token is `token`. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: uuid('impersonated_by'),
    /** Moved forward by the request guard at most every few minutes (docs/security.md). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * TOTP two-factor sign-in (RFC 6238; docs/security.md). One row per user: the secret encrypted with
 * AES-256-GCM under a key derived from SESSION_SECRET, the unused backup codes as keyed hashes, and
 * the last time step accepted (a code is never accepted twice). `enabledAt` is null between set-up
 * and the first valid code; `users.two_factor_enabled` mirrors an enabled row.
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  backupCodeHashes: text('backup_code_hashes').array().notNull(),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * The second sign-in step: a password sign-in of an account with 2FA answers a challenge (its
 * SHA-256 is stored) that a valid code turns into a session within 5 minutes and 5 tries.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts on existing accounts (GET /api/auth/sign-in-history). `network` is the client
 * key of the IP (an IPv6 /64 or the IPv4 address): a success from a user agent and network not seen
 * in 90 days e-mails the owner.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    network: text('network'),
    userAgent: text('user_agent'),
    result: text('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_user_idx').on(t.userId, t.createdAt),
    check(
      'sign_in_events_result_check',
      sql`${t.result} in ('success', 'wrong_password', 'locked', 'blocked', 'two_factor_failed')`,
    ),
  ],
);

/** better-auth credential accounts (the argon2id password hash lives here). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** better-auth verification values: the hashed e-mail OTPs (value = "hash:attempts"). */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Request counts of the per-route rate limits (server/lib/rate-limit-store.ts), shared by every API
 * process: `key` is route + client key (IP, or IP and e-mail), `hits` the requests in the window
 * that ends at `reset_at`. Housekeeping deletes rows whose window ended over an hour ago.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Mail kept when no SMTP_URL is configured (DESIGN.md §2 "Mail"). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Money core (DESIGN.md §1, §4): double-entry ledger in integer cents, funding requests, notices.
// Hand-written guards (append-only journal, balanced entries, cached balances maintained by a
// trigger, the transaction_history view) live in the custom migration `ledger_guards`.
// ---------------------------------------------------------------------------------------------

const cents = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Ledger accounts. Client kinds (available, held, invested) belong to one user and can never go
 * below zero; house kinds (cash, income_expense) have no user. A client account's `balance` is a
 * cache of the sum of its lines, kept by a trigger on journal_lines (cents). House accounts keep no
 * cache (always 0; their balance is the sum of their lines): every posting has a house side, so a
 * cached house balance was one row that every money transaction in the system updated and queued on
 * (issue 7 bench; migration `house_balances_uncached`).
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
    createdAt,
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
  ],
);

/** Deposit requests (seed §3 "Deposit"): proof image by storage key; approval posts a deposit entry. */
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
    createdAt,
  },
  (t) => [
    index('deposits_user_id_idx').on(t.userId, t.createdAt),
    index('deposits_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_wallet_check', sql`${t.wallet} in ('bitcoin', 'ethereum')`),
    check('deposits_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Withdrawal requests (seed §3 "Crypto withdrawal", "Bank withdrawal"): one table, two methods.
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
    accountNumber: text('account_number'),
    routing: text('routing'),
    swift: text('swift'),
    status: text('status').notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    index('withdrawals_user_id_idx').on(t.userId, t.createdAt),
    index('withdrawals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'withdrawals_method_fields',
      sql`(${t.method} = 'crypto' and ${t.wallet} in ('usdt', 'bitcoin', 'ethereum') and ${t.address} is not null)
        or (${t.method} = 'bank' and ${t.wallet} is null and ${t.bankName} is not null and ${t.accountName} is not null
            and ${t.accountNumber} is not null and ${t.routing} is not null and ${t.swift} is not null)`,
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
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt,
  },
  (t) => [
    index('journal_entries_user_id_idx').on(t.userId, t.effectiveAt),
    index('journal_entries_deposit_id_idx').on(t.depositId),
    index('journal_entries_withdrawal_id_idx').on(t.withdrawalId),
    index('journal_entries_plan_id_idx').on(t.planId),
    index('journal_entries_trading_activity_id_idx').on(t.tradingActivityId),
    uniqueIndex('journal_entries_reverses_idx').on(t.reverses),
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
    id: uuid('id').primaryKey().defaultRandom(),
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
 * One-time codes we issue ourselves (withdrawal confirmation; DESIGN.md §5): HMAC of the code bound
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
    createdAt,
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('one_time_codes_purpose_check', sql`${t.purpose} in ('withdrawal')`),
  ],
);

/** First answers of money-moving POSTs, by (user, Idempotency-Key) (DESIGN.md §6). */
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
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** In-app notices to a user (seed §3 "Notification"). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * The client's transaction history (seed §3 "Transaction"): deposits and withdrawals with their
 * status, plus approved journal entries that no funding request posted (admin transactions,
 * bonuses, profit, reversals). Defined in the custom migration `ledger_guards`.
 */
export const transactionHistory = pgView('transaction_history', {
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
}).existing();

/** Messages from the public contact form (seed §2.4, §3 "Contact message"). */
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

// ---------------------------------------------------------------------------------------------
// Client area and back office (issues 5 and 6; DESIGN.md §4).
// ---------------------------------------------------------------------------------------------

/**
 * Investment plans (seed §3 "Active plan"; DESIGN.md §4). Opening posts `plan_open` (available →
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
    createdAt,
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
 * Trading activities (seed §3 "Trading activity"): one row per plan opened and per profit posting
 * or admin entry. `profit` (cents, signed) always equals the sum of the profit entries posted for
 * the row (DESIGN.md §5: a change of profit posts the difference).
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

/** Support tickets (seed §3 "Support ticket"; DESIGN.md §5: the client sees replies). */
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
    createdAt,
  },
  (t) => [index('support_replies_ticket_id_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The audit log (issue 6): one row per admin action that changes anything, written in the same
 * transaction as the change. Append-only: a trigger (migration `audit_guards`) refuses UPDATE and
 * DELETE. `targetUserId` is the client concerned; `targetId` the row acted on.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt,
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_user_idx').on(t.targetUserId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
