/**
 * Holds after security changes (docs/security.md "Holds after security changes"): after a password
 * reset or change, two-factor authentication turned off (by the client or reset by staff), an e-mail
 * change or a first sign-in from a new device and network, the client's withdrawals wait until
 * `ends_at` (`SECURITY_HOLD_HOURS` later). The active hold of a user is the one that ends last.
 * "This wasn't me" links (the change e-mails carry one) lock the account: each is stored as the
 * SHA-256 of its token, used once, and expires. The causes are common/schemas/security-holds.ts
 * `SECURITY_HOLD_CAUSES`.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const securityHolds = pgTable(
  'security_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Who made the change: the client themselves, or the staff member (2FA reset, e-mail change). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_holds_user_idx').on(t.userId, t.endsAt),
    check(
      'security_holds_cause_check',
      sql`${t.cause} in ('password_reset', 'password_change', 'two_factor_off', 'two_factor_reset', 'email_change', 'new_device')`,
    ),
    check('security_holds_ends_check', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** One "This wasn't me" link of a change e-mail: single use, expires, stored hashed. */
export const securityAlertTokens = pgTable(
  'security_alert_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the e-mailed token (base64url). */
    tokenHash: text('token_hash').notNull().unique(),
    cause: text('cause').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('security_alert_tokens_user_idx').on(t.userId)],
);
