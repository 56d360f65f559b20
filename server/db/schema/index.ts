/**
 * The one Drizzle schema, one file per area. Migrations are generated from it by drizzle-kit into
 * server/db/migrations (`npm run db:generate`).
 */
export * from './accounts';
export * from './money';
export * from './back-office';
export * from './approvals';
export * from './history';
export * from './account-value';
export * from './transparency';
export * from './liabilities';
export * from './statements';
export * from './beneficiaries';
export * from './passkeys';
export * from './limits';
export * from './security-holds';
export * from './api-keys';
export * from './webhooks';
