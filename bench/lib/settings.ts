/** Settings of `npm run bench` (bench/api.ts): environment overrides, sizes and targets. */
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
export const PROFILE = process.env.BENCH_PROFILE === '1';
export const CONNECTIONS = 16;
export const DASHBOARD_CLIENTS = 1_000;
export const ENTRIES_PER_CLIENT = 5; // 2 lines each: 1,000 clients → 10,000 lines
export const GROWN_CLIENTS = 99_000; // + 99,000 clients × 10 lines → 1,000,000 lines
export const LEDGER_CLIENTS = 2_000;
export const PENDING_PER_CLIENT = 15;
export const HOT_PENDING = 20_000;
export const DEPOSIT_CENTS = 250_00; // under the first-deposit bonus threshold

export const TARGETS = {
  ledgerRatio: 0.5,
  hotRowRatio: 0.2,
  dashboardRatio: 0.35,
  dashboardP99Ms: 25,
  growthRatio: 1.2,
  peakRssMb: 250,
};
