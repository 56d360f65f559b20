/**
 * Passkeys (WebAuthn credentials; docs/security.md "Passkeys"): better-auth's passkey plugin's table
 * (its property names, `credentialID` included, as the plugin reads and writes them), plus when each
 * was last used, and the sessions whose owner proved presence with a passkey a moment ago.
 */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';

/**
 * One registered passkey of a user: its credential id and COSE public key (base64), the signature
 * counter (a clone that replays an old counter is refused), what the authenticator said of itself,
 * and the name its owner gave it. The private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull().default(0),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last sign-in or confirmation made with it; null until then. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * A session whose owner just confirmed it is them with a passkey (POST
 * /api/auth/passkey/verify-authentication with `x-passkey-purpose: reverify`): it lets one
 * sensitive change through within 5 minutes (removing a passkey), and is used up by it.
 */
export const sessionReverifications = pgTable('session_reverifications', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});
