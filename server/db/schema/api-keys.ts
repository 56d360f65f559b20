/**
 * API keys: service accounts for the broker's own integrations (docs/integrations.md "API keys").
 * A key belongs to the staff member who created it and acts with the permissions it was given,
 * never more than that member's role has at the time of the call. Its secret is shown once and
 * stored as its SHA-256 (a random 256-bit secret needs no slow hash: nothing to guess). A revoked
 * or expired key is refused on its next call, in every process: each call reads the row.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The staff member who created it: the key acts for them, within `permissions`. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The first characters of the key, to tell keys apart in lists and logs (not secret). */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key (base64url). */
    secretHash: text('secret_hash').notNull().unique(),
    /** Permissions of common/permissions.ts this key may use. */
    permissions: text('permissions').array().notNull(),
    /** CIDR ranges the key may be used from; empty = STAFF_ALLOWED_NETWORKS (or any network). */
    allowedNetworks: text('allowed_networks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    revokeReason: text('revoke_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check('api_keys_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
  ],
);
