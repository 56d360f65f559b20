/**
 * The data set of `npm run bench`, in one database: 100,000 users (1,000 dashboard clients with 5
 * entries each; one client with 50,000 entries; 2,000 ledger clients with 30 pending deposits
 * each; one "hot" client with 36,000 pending deposits; crowd clients, 4,000 of them with one
 * pending deposit; 6 clients whose deposits the capture approves; the bench's admin), so 100,000
 * pending requests in the review queue. Seeded with SQL (seed.ts), then checked with
 * `ledgerViolations`.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { ledgerViolations } from '../../server/test/factories';
import {
  createKeyTable,
  createSessions,
  seedAdmin,
  seedClients,
  seedPending,
  settleDerived,
  splitPending,
  sessionUser,
} from './seed';
import {
  ALL_USERS,
  BIG_HISTORY_ENTRIES,
  DASHBOARD_CLIENTS,
  ENTRIES_PER_CLIENT,
  FILLER_PENDING,
  HOT_PENDING,
  LEDGER_API_SHARE,
  LEDGER_CLIENTS,
  PENDING_PER_CLIENT,
} from './settings';

const CAPTURE_CLIENTS = 6;

export interface Dataset {
  adminToken: string;
  /** Sessions of the dashboard's clients (the first one's client is the small side of the growth ratios). */
  dashTokens: string[];
  small: { token: string; userId: string };
  bigToken: string;
  /** Pending deposits the API approves, in random order: over the ledger clients, and on the hot client. */
  manyIds: string[];
  hotIds: string[];
  /** Deposits of the capture clients (one each). */
  captureDeposits: Array<{ id: string; userId: string }>;
  /** Rows of the replays' key tables. */
  rows: { many: number; hot: number; dashboard: number };
  users: number;
  pending: number;
  journalLines: number;
}

/** Seeds the data set into the migrated database of `c` and checks the ledger's invariants. */
export async function seedDataset(c: pg.Client): Promise<Dataset> {
  await c.query(
    `insert into ledger_accounts (kind) values ('cash'), ('income_expense') on conflict do nothing`,
  );
  await seedClients(c, 'dash', 1, DASHBOARD_CLIENTS, ENTRIES_PER_CLIENT);
  await seedClients(c, 'big', 1, 1, BIG_HISTORY_ENTRIES);
  await seedClients(c, 'ledger', 1, LEDGER_CLIENTS, 0);
  await seedClients(c, 'hot', 1, 1, 0);
  await seedClients(c, 'capture', 1, CAPTURE_CLIENTS, 0);
  const crowd = ALL_USERS - DASHBOARD_CLIENTS - 1 - LEDGER_CLIENTS - 1 - CAPTURE_CLIENTS - 1;
  for (let from = 1; from <= crowd; from += 33_000) {
    await seedClients(c, 'crowd', from, Math.min(33_000, crowd - from + 1), 0);
  }
  await seedPending(c, 'ledger', PENDING_PER_CLIENT);
  await seedPending(c, 'hot', HOT_PENDING);
  await seedPending(c, 'crowd', 1, FILLER_PENDING);
  await seedPending(c, 'capture', 1);
  await settleDerived(c);
  const violations = await ledgerViolations(drizzle(c));
  if (violations.length > 0) throw new Error(`seeded ledger is inconsistent: ${violations.join('; ')}`);

  const adminToken = await seedAdmin(c);
  const dashTokens = await createSessions(c, 'dash');
  const [bigToken] = await createSessions(c, 'big');
  const manyIds = await splitPending(
    c,
    'ledger',
    'many',
    Math.round(LEDGER_CLIENTS * PENDING_PER_CLIENT * LEDGER_API_SHARE),
  );
  const hotIds = await splitPending(c, 'hot', 'hot', Math.round(HOT_PENDING / 3));
  const dashboardRows = await createKeyTable(
    c,
    'dashboard',
    `select row_number() over (order by email)::int as n, null::uuid as deposit_id, id as user_id
       from users where email like 'dash%'`,
  );
  const { rows: capture } = await c.query<{ id: string; userId: string }>(
    `select d.id, d.user_id as "userId" from deposits d join users u on u.id = d.user_id
      where u.email like 'capture%' order by u.email`,
  );
  await c.query('vacuum analyze');
  const count = async (sql: string) => (await c.query<{ n: number }>(sql)).rows[0]!.n;
  return {
    adminToken,
    dashTokens,
    small: { token: dashTokens[0]!, userId: await sessionUser(c, dashTokens[0]!) },
    bigToken: bigToken!,
    manyIds,
    hotIds,
    captureDeposits: capture,
    rows: {
      many: await count('select count(*)::int as n from bench_keys_many'),
      hot: await count('select count(*)::int as n from bench_keys_hot'),
      dashboard: dashboardRows,
    },
    users: await count('select count(*)::int as n from users'),
    pending: await count(`select count(*)::int as n from deposits where status = 'pending'`),
    journalLines: await count('select count(*)::int as n from journal_lines'),
  };
}

/** How many of the key table's deposits are approved (to check that a replay approved one per transaction). */
export async function approvedInKeyTable(c: pg.Client, name: string): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    `select count(*)::int as n from bench_keys_${name} k join deposits d on d.id = k.deposit_id where d.status = 'approved'`,
  );
  return rows[0]!.n;
}
