/**
 * What keeps the client's account value chart cheap to draw (docs/performance.md "An account value
 * series that reads only its points"): per client and UTC day, how much each of their accounts
 * moved and how much came in as deposits, went out as withdrawals and was earned as profit. Kept by
 * the journal line trigger in the posting's transaction and written by nothing else (migration
 * `account_value_days`).
 */
import { sql } from 'drizzle-orm';
import { date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { cents } from './columns';

const zero = (name: string) =>
  cents(name)
    .notNull()
    .default(sql`0`);

/**
 * One row per client and UTC day of an entry's `effective_at` on which their accounts moved. All
 * amounts are signed cents summed over the day's lines of the client's accounts: `available`,
 * `held`, `invested` by account kind (a day's change, not a closing balance, so a back-dated entry
 * is counted on its own day); `deposits`, `withdrawals` (paid out: a `withdrawal_settle`, positive)
 * and `profit` by the entry's kind (a reversal counts under the kind of the entry it reverses, so a
 * voided deposit takes its amount out of that day's deposits). The primary key is the read's index.
 */
export const accountValueDays = pgTable(
  'account_value_days',
  {
    // no foreign key: only the line trigger writes it, for an account whose user exists (and a key
    // here would cost a posting's first line of a day a check)
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    available: zero('available'),
    held: zero('held'),
    invested: zero('invested'),
    deposits: zero('deposits'),
    withdrawals: zero('withdrawals'),
    profit: zero('profit'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
