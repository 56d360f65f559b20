/**
 * The one Drizzle schema (DESIGN.md §4). Tables are snake_case; property names are the ones
 * better-auth expects for its four tables (user, session, account, verification), plus our columns.
 * Migrations are generated from this file by drizzle-kit into ./migrations.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    referredBy: uuid('referred_by'),
    profilePictureKey: text('profile_picture_key'),
    ...timestamps,
  },
  (t) => [
    index('users_referred_by_idx').on(t.referredBy),
    check('users_role_check', sql`${t.role} in ('client', 'admin')`),
    check(
      'users_verification_status_check',
      sql`${t.verificationStatus} in ('awaiting', 'pending', 'verified', 'rejected', 'failed')`,
    ),
    check('users_account_plan_check', sql`${t.accountPlan} in ('Basic', 'Bronze', 'Silver', 'Gold', 'Platinum')`),
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
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
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

/** Mail kept when no SMTP_URL is configured (DESIGN.md §2 "Mail"). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
