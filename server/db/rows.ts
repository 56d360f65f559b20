/**
 * Row types of the tables, as Drizzle reads them: the db layer's names for what every module passes
 * around, so no module takes a row type from another module's presenter or service.
 */
import type { approvalRequests, plans, tradingActivities, users } from './schema';

/** A row of `users` (clients and staff). */
export type UserRow = typeof users.$inferSelect;

/** A row of `plans` (amount in cents). */
export type PlanRow = typeof plans.$inferSelect;

/** A row of `trading_activities` (amounts in cents; what the API shows as profit is read from the ledger). */
export type TradingActivityRow = typeof tradingActivities.$inferSelect;

/** A row of `approval_requests` (four-eyes; amount in cents). */
export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
