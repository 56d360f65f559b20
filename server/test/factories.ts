/**
 * Test factories and checks for the money modules (used by tests and the e2e journeys only), the
 * one import point: users with sessions (`factories/users.ts`), funding, ledger invariants,
 * deposits and images (`factories/money.ts`), the withdrawal address book
 * (`factories/destinations.ts`), withdrawal requests and codes (`factories/withdrawals.ts`), API keys
 * (`factories/api-keys.ts`), webhook endpoints and deliveries (`factories/webhooks.ts`).
 */
export * from './factories/users';
export * from './factories/money';
export * from './factories/destinations';
export * from './factories/withdrawals';
export * from './factories/api-keys';
export * from './factories/webhooks';
