/**
 * Limits by verification level (docs/security.md "Limits by verification level"): one row per level
 * a client reaches (0 e-mail confirmed, 1 identity approved, 2 identity and proof of address
 * approved) with its deposit and withdrawal caps in cents (USD), per rolling 24 hours and per rolling
 * 30 days. The owner edits them in the back office (server/modules/limits); level 0 allows no
 * withdrawals (a CHECK says so).
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cents } from './columns';
import { users } from './accounts';

export const verificationLevels = pgTable(
  'verification_levels',
  {
    level: smallint('level').primaryKey(),
    /** `email`, `identity` or `address` (common/schemas/limits.ts `VERIFICATION_LEVELS`). */
    name: text('name').notNull().unique(),
    depositDay: cents('deposit_day').notNull(),
    depositMonth: cents('deposit_month').notNull(),
    withdrawalDay: cents('withdrawal_day').notNull(),
    withdrawalMonth: cents('withdrawal_month').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('verification_levels_level_check', sql`${t.level} between 0 and 2`),
    check(
      'verification_levels_caps_check',
      sql`${t.depositDay} >= 0 and ${t.depositMonth} >= ${t.depositDay}
        and ${t.withdrawalDay} >= 0 and ${t.withdrawalMonth} >= ${t.withdrawalDay}`,
    ),
    // e-mail confirmed only: no withdrawal at all (docs/security.md "Identity gates withdrawals")
    check(
      'verification_levels_email_no_withdrawal_check',
      sql`${t.level} > 0 or (${t.withdrawalDay} = 0 and ${t.withdrawalMonth} = 0)`,
    ),
  ],
);
