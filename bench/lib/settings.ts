/** Settings of `npm run bench` (bench/api.ts): environment overrides, sizes and targets. */
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Length of each load phase (s); the whole run takes about 3–5 minutes at the default. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const PROFILE = process.env.BENCH_PROFILE === '1';
/** HTTP connections and pgbench clients of every full-speed phase. */
export const CONNECTIONS = 16;
export const DASHBOARD_CLIENTS = 1_000;
export const ENTRIES_PER_CLIENT = 5; // the dashboard's clients, and the small side of the growth ratios
export const BIG_HISTORY_ENTRIES = 50_000; // the large side of the growth ratios, and the export
export const LEDGER_CLIENTS = 2_000;
export const PENDING_PER_CLIENT = 30; // 60,000 over the ledger clients, split by LEDGER_API_SHARE
/**
 * The API's share of the ledger clients' pending deposits (the rest is replayed). The API approves in
 * a warm-up (1,000), the approvals phase and the 3 × SECONDS of sealing phases; 36,000 last it up to
 * about 1,100 approvals/s, the replay's 24,000 up to 3,000/s (a phase that runs out of deposits
 * sends `/approve` without an id and counts 400s, as the sealing phases did at 870/s with half).
 */
export const LEDGER_API_SHARE = 0.6;
export const HOT_PENDING = 36_000; // on one client: a third for the API, the rest replayed (more than either approves in a phase: a phase that runs out measures refusals)
export const FILLER_PENDING = 4_000; // one each on other clients: 100,000 pending requests in all
export const ALL_USERS = 100_000; // the admin list's size (clients and the bench's admin)
export const DEPOSIT_CENTS = 250_00; // under the first-deposit bonus threshold and the four-eyes threshold
/** Offered rate of the dashboard's fixed-rate latency phase (requests/s). */
export const FIXED_RATE = 600;
/** Seconds the fixed-rate stream runs unmeasured first (fixed-rate.ts `leadInSeconds`). */
export const FIXED_RATE_LEAD_IN = 3;
/** The fixed-rate p99 counts only when the 1-minute load average is under this at its start. */
export const LOAD_LIMIT = 1.5;
/** Samples per request in the sequential (latency) phases: growth and admin lists. */
export const SAMPLES = 41;
/** Concurrent downloads of the 50,000-entry client's CSV export. */
export const EXPORTS = 4;

type Target = { op: '>=' | '<='; bound: number };
const atLeast = (bound: number): Target => ({ op: '>=', bound });
const atMost = (bound: number): Target => ({ op: '<=', bound });

/** Every figure of bench/results.json and its target. */
export const TARGETS = {
  ledgerRatio: atLeast(0.4),
  ledgerReplayRatio: atLeast(0.7),
  hotReplayRatio: atLeast(0.7),
  dashboardReplayRatio: atLeast(0.5),
  apiCpuPerApprovalMs: atMost(0.5),
  pgCpuPerApprovalMs: atMost(1.0),
  apiCpuPerDashboardMs: atMost(0.2),
  p99FixedRateMs: atMost(15),
  historyGrowthRatio: atMost(2),
  adminListP50Ms: atMost(20),
  exportPeakRssMb: atMost(250),
  sealingRatio: atLeast(0.95),
} satisfies Record<string, Target>;

export type FigureName = keyof typeof TARGETS;
