/** Column helpers every table file uses. */
import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at`, set by the database. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A `created_at` column set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An amount in integer cents (USD). */
export const cents = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A primary key `id` that the database fills with a time-ordered UUID (version 7, the function
 * `uuid_v7()` of migration time_ordered_ids) for the rows every posting writes: new keys go to the
 * right edge of the index (server/lib/ids.ts; bench/runs.md "Time-ordered ids").
 */
export const timeOrderedIdKey = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
