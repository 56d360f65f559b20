/**
 * What keeps the client's history cheap to page (docs/performance.md "A history that reads only its
 * page"): each journal entry's effect on its client's balance, and how many lines each client's
 * history has. Both are kept by triggers in the posting's (or the request's) transaction and
 * written by nothing else (migration `history_pages`).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { cents } from './columns';
import { users } from './accounts';

/**
 * The effect of a journal entry that no deposit or withdrawal posted on its client's balance
 * (cents; the client is the entry's user): the sum of its lines on the client's `available` account, and on `invested` for a
 * `profit` entry (a plan's loss). An entry whose effect is 0 is not a history line.
 */
export const journalEntryEffects = pgTable('journal_entry_effects', {
  // no foreign key: only the line trigger writes it, for a line whose entry exists (and a key here
  // would cost every posting a check)
  entryId: uuid('entry_id').primaryKey(),
  delta: cents('delta').notNull(),
});

/**
 * How many lines each client's unfiltered history has (deposits, withdrawals not deleted, entries
 * with an effect): the page count of `/transaction/all` without reading the history.
 */
export const historyLineCounts = pgTable(
  'history_line_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    lines: bigint('lines', { mode: 'number' }).notNull(),
  },
  (t) => [check('history_line_counts_not_negative', sql`${t.lines} >= 0`)],
);
