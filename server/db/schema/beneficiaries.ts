/**
 * The withdrawal address book (docs/security.md "Withdrawal address book"): the destinations a
 * client saved, each usable for withdrawals only once the client confirmed it by the e-mailed
 * single-use link and its waiting period (`BENEFICIARY_DELAY_HOURS`) has passed.
 *
 * status: `pending_confirmation` (the link is out) → `waiting` (confirmed; usable from
 * `active_from`) → `active` (the sweep or a read noticed `active_from` passed); `cancelled` (by the
 * client during the wait, or before confirming) and `deleted` (by the client, any time) are final.
 * Formats are checked by common/destinations.ts before a row is written.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `crypto` (network + address) or `bank` (IBAN, or account number + routing; BIC; names). */
    kind: text('kind').notNull(),
    /** crypto: `bitcoin`, `ethereum`, `usdt_tron`, `usdt_ethereum` (common/destinations.ts). */
    network: text('network'),
    address: text('address'),
    /** bank: the IBAN in electronic format (no spaces, upper case), or null with account + routing. */
    iban: text('iban'),
    accountNumber: text('account_number'),
    routing: text('routing'),
    swift: text('swift'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    /**
     * What the destination is, one text per destination (`crypto:<network>:<address>`,
     * `iban:<IBAN>`, `account:<number>:<routing>`): a client saves each at most once while it is
     * live, and a withdrawal's typed destination is compared with it.
     */
    destinationKey: text('destination_key').notNull(),
    label: text('label').notNull(),
    status: text('status').notNull().default('pending_confirmation'),
    /** SHA-256 of the e-mailed confirmation token (base64url); null once used or cancelled. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When it becomes usable: `confirmed_at` + `BENEFICIARY_DELAY_HOURS`. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('beneficiaries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('beneficiaries_one_live_destination')
      .on(t.userId, t.destinationKey)
      .where(sql`${t.status} in ('pending_confirmation', 'waiting', 'active')`),
    index('beneficiaries_waiting_idx')
      .on(t.activeFrom)
      .where(sql`${t.status} = 'waiting'`),
    check('beneficiaries_kind_check', sql`${t.kind} in ('crypto', 'bank')`),
    check(
      'beneficiaries_status_check',
      sql`${t.status} in ('pending_confirmation', 'waiting', 'active', 'cancelled', 'deleted')`,
    ),
    check(
      'beneficiaries_network_check',
      sql`${t.network} is null or ${t.network} in ('bitcoin', 'ethereum', 'usdt_tron', 'usdt_ethereum')`,
    ),
    check(
      'beneficiaries_fields_check',
      sql`case when ${t.kind} = 'crypto' then ${t.network} is not null and ${t.address} is not null
        else ${t.swift} is not null and ${t.bankName} is not null and ${t.accountName} is not null
          and (${t.iban} is not null or (${t.accountNumber} is not null and ${t.routing} is not null)) end`,
    ),
    // confirmed rows carry their times; a waiting or active row was confirmed
    check(
      'beneficiaries_confirmed_check',
      sql`(${t.confirmedAt} is null) = (${t.activeFrom} is null)
        and (${t.status} not in ('waiting', 'active') or ${t.confirmedAt} is not null)`,
    ),
  ],
);
