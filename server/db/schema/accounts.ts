/**
 * Users and sign-in: better-auth's four tables (users, sessions, accounts, verifications; property
 * names as it expects them, plus our columns), two-factor authentication, sign-in history, the
 * rate-limit counts and the mail outbox. Tables are snake_case.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@common/permissions';
import { timeOrderedIdKey, timestamps } from './columns';

/** Clients and staff (`role`: common/permissions.ts). better-auth owns id/name/email/emailVerified/image/role/banned*; the rest is ours. */
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
    // profile
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
    // KYC verification upload: stored files by key, never public
    documentType: text('document_type'),
    documentFrontKey: text('document_front_key'),
    documentBackKey: text('document_back_key'),
    verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
    /** Why staff rejected the identity documents (3–500 characters); the client reads it. */
    verificationReason: text('verification_reason'),
    /** When staff last verified or rejected the identity documents (the client reads the day). */
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    /** The staff member who made that decision (the back office names them). */
    verificationDecidedBy: uuid('verification_decided_by'),
    /**
     * When the client accepted the terms, the privacy policy and the risk disclosure at sign-up
     * (docs/product.md "Sign-up (`/signup`)"); null for staff and for clients registered before it was asked.
     */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** When staff approved the client's proof of address (verification level 2, docs/security.md). */
    addressVerifiedAt: timestamp('address_verified_at', { withTimezone: true }),
    /** Set when an owner deactivates a staff member: no sign-in, sessions ended (docs/security.md). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Set when an admin deletes the client: personal data erased, ledger history kept (docs/product.md). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_referred_by_idx').on(t.referredBy),
    // the admin users list: live clients newest first (GET /user/admin pages it in this order, read
    // backwards: ascending so that it matches ORDER BY … DESC, whose nulls come first). Its
    // condition is the list's whole condition (users/service.ts `listWhere`), so a deep page skips
    // rows in the index alone (an index-only scan), never checking a row's role in the table
    index('users_live_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'client'`),
    // its other orders (`sort`: name, e-mail), over the same live clients
    index('users_live_name_idx')
      .on(t.lastName, t.firstName, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'client'`),
    index('users_live_email_idx')
      .on(t.email, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'client'`),
    // its verification filter (e.g. the identity checks waiting), in the same order
    index('users_verification_idx')
      .on(t.verificationStatus, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'client'`),
    // its search: one trigram index on name and e-mail (users/service.ts `searchText`, the same expression)
    index('users_search_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || E'\\n' || ${t.email}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('users_role_check', sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))})`),
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
    /**
     * Signed in with "Remember me": false → the session also ends after SESSION_IDLE_MINUTES
     * without a request (docs/security.md "Sessions").
     */
    remembered: boolean('remembered').notNull().default(true),
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

/**
 * A mail stored before it is rendered (`mail_outbox.message`): the name of its body template
 * (lib/mail-templates.ts `mailTemplate`), the values the template sees, the greeting's first name and
 * the layout's kind.
 */
export interface StoredMailMessage {
  template: string;
  data: Record<string, unknown>;
  name: string | null;
  kind: 'account' | 'money' | 'staff-written';
}

/**
 * Every outgoing mail, written before it is sent (in the transaction of the change that causes it,
 * where there is one) and sent by the mail worker of any API process with retries
 * (server/lib/mail.ts, docs/operations.md "Mail"): `queued` until SMTP accepts it (`sent`), `failed`
 * after the last try (staff see it with its error and may queue it again), `logged` when no SMTP_URL
 * is configured (development: the text is printed to the log instead). A sent mail's body is
 * blanked after MAIL_RETENTION_DAYS, its metadata kept (`bodyRemovedAt`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: timeOrderedIdKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The rendered plain text and HTML; null while the mail waits to be rendered by the worker (`message`). */
    text: text('text'),
    html: text('html'),
    /**
     * A mail the worker renders when it sends it (lib/mail.ts, docs/performance.md "The notice mail,
     * rendered by the worker"): the name of its body template and the values it sees.
     */
    message: jsonb('message').$type<StoredMailMessage>(),
    /** Extra headers of the mail (List-Unsubscribe on staff-written mails: lib/mail-templates.ts). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('queued'),
    /** Tries so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued mail is due (now, or after a failed try, later by the back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the mail until then while it sends it (a worker that dies lets it go). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** What the SMTP server (or the connection) said at the last failed try. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When housekeeping blanked the body (text, html, message values, headers) of a sent mail
     * older than MAIL_RETENTION_DAYS (modules/housekeeping/mail-retention.ts); null while kept.
     */
    bodyRemovedAt: timestamp('body_removed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'logged')`),
    check(
      'mail_outbox_body_check',
      sql`${t.text} is not null or ${t.message} is not null or ${t.bodyRemovedAt} is not null`,
    ),
    // the mails whose bodies housekeeping may still blank, oldest first
    index('mail_outbox_body_kept_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('sent', 'logged') and ${t.bodyRemovedAt} is null`),
  ],
);

/**
 * Staff invitations (server/modules/staff): a single-use link, valid 24 hours, with which an invited
 * staff member sets their password. Only the SHA-256 of the link's token is stored; `usedAt` is set
 * when the password is set. `createdBy` is null for an invitation made on the command line
 * (`npm run staff -- create`).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_invitations_user_idx').on(t.userId)],
);
