/**
 * Row types of the tables, as Drizzle reads them: the db layer's names for what every module passes
 * around, so no module takes a row type from another module's presenter or service.
 */
import type { users } from './schema';

/** A row of `users` (clients and staff). */
export type UserRow = typeof users.$inferSelect;
