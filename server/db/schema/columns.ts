/** Column helpers every table file uses. */
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at`, set by the database. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A `created_at` column set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An amount in integer cents (USD). */
export const cents = (name: string) => bigint(name, { mode: 'bigint' });
