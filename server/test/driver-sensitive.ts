/**
 * Which API test files CI runs on both drivers. CI (.ci/run) runs the whole API suite on PostgreSQL
 * (TEST_DATABASE_URL, the production driver) and, on the embedded PGlite, only the files below
 * (`DRIVER_SENSITIVE_ONLY=1 vitest run`: vitest.config.ts): the ones whose code, or the code they
 * test, differs by driver. `npm test` (no TEST_DATABASE_URL) still runs every file on PGlite.
 * server/test/driver-sensitive.test.ts fails when a file that branches on the driver is in
 * neither list below.
 */

/** A test file run on PGlite too: the production files whose driver-dependent paths it exercises, and why. */
export interface DriverSensitiveFile {
  test: string;
  covers: string[];
  reason: string;
}

/** The API test files CI also runs on PGlite (paths from the project root). */
export const DRIVER_SENSITIVE: DriverSensitiveFile[] = [
  {
    test: 'server/modules/ledger/ledger.property.test.ts',
    covers: ['server/db/client.ts'],
    reason:
      'the property test (2,000 operations) must hold on both drivers: what it asserts does not depend on the database driver',
  },
  {
    test: 'server/modules/limits/withdrawal-caps.test.ts',
    covers: ['server/db/client.ts'],
    reason:
      'the identity gate and the caps by verification level must hold on both drivers; its race of two requests at once needs a pool: PostgreSQL only',
  },
  {
    test: 'server/test/authorization.test.ts',
    covers: ['server/db/client.ts'],
    reason:
      'the authorization matrix must hold on both drivers: what it asserts does not depend on the database driver',
  },
  {
    test: 'server/test/contract-replay.test.ts',
    covers: ['server/db/client.ts'],
    reason:
      'the contract replay must hold on both drivers: what it asserts does not depend on the database driver',
  },
  {
    test: 'server/modules/ledger/ledger.test.ts',
    covers: ['server/db/client.ts', 'server/lib/unit-of-work.ts'],
    reason: "the races: concurrent account creation on PGlite's one connection versus a pool",
  },
  {
    test: 'server/lib/unit-of-work.test.ts',
    covers: ['server/lib/unit-of-work.ts'],
    reason: "units of work reach the driver's own session (drizzle's PgliteSession or NodePgSession)",
  },
  {
    test: 'server/modules/auth/session-cache.test.ts',
    covers: ['server/modules/auth/session-cache.ts'],
    reason: 'createSessionCache answers null on PGlite (`database.driver`): the uncached path',
  },
  {
    test: 'server/modules/health/health.test.ts',
    covers: ['server/db/client.ts', 'server/modules/health/routes.ts'],
    reason: "readiness pings each driver's connection and answers `database.driver`",
  },
  {
    test: 'server/test/log-secrets.test.ts',
    covers: ['server/db/client.ts'],
    reason: 'the database going away: PGlite closed under the app, a different error than a stopped server',
  },
  {
    test: 'server/test/fuzz.test.ts',
    covers: ['server/lib/errors.ts'],
    reason: "database errors mapped to 4xx: each driver's error shape (drizzle wraps them in `cause`)",
  },
  {
    test: 'server/modules/users/list-indexes.test.ts',
    covers: ['server/db/client.ts'],
    reason: 'PGlite loads pg_trgm as an extension (openDatabase) for the trigram index of the migrations',
  },
  {
    test: 'server/modules/users/export.test.ts',
    covers: ['server/db/client.ts', 'server/app.ts'],
    reason: 'streamRows: a cursor on PostgreSQL, the whole result in batches on PGlite',
  },
  {
    test: 'server/modules/approvals/export.test.ts',
    covers: ['server/lib/csv-route.ts'],
    reason:
      'the back-office exports stream through database.streamRows: a cursor on PostgreSQL, batches on PGlite',
  },
  {
    test: 'server/modules/metrics/metrics.test.ts',
    covers: ['server/modules/metrics/routes.ts'],
    reason: 'the pool gauges read poolStats, all zero on PGlite',
  },
  {
    test: 'server/modules/plans/open.test.ts',
    covers: ['server/test/round-trips.ts', 'server/modules/plans/open.ts'],
    reason: 'round trips counted per driver (sessionReads) and the unique violation of either driver',
  },
  {
    test: 'server/modules/withdrawals/request.test.ts',
    covers: ['server/test/round-trips.ts'],
    reason: 'round trips counted per driver (sessionReads), and the races of two requests',
  },
  {
    test: 'server/modules/users/users.test.ts',
    covers: ['server/test/round-trips.ts'],
    reason: 'round trips counted per driver (sessionReads)',
  },
  {
    test: 'server/modules/deposits/approval.test.ts',
    covers: ['server/test/round-trips.ts'],
    reason: 'round trips counted per driver (sessionReads), and the races of one statement',
  },
  {
    test: 'server/modules/ledger/adjustments.test.ts',
    covers: ['server/test/round-trips.ts'],
    reason: 'round trips counted per driver (sessionReads)',
  },
  {
    test: 'server/modules/users/admin.test.ts',
    covers: ['server/modules/users/admin-service.ts'],
    reason: "a duplicate email is a unique violation in each driver's error shape",
  },
  ...[
    'server/modules/transparency/display-check.test.ts',
    'server/modules/transparency/integrity.test.ts',
    'server/modules/transparency/liabilities-check.test.ts',
    'server/modules/transparency/checkpoint.test.ts',
    'server/test/witness.test.ts',
  ].map((test) => ({
    test,
    covers: ['server/db/client.ts'],
    reason:
      'an operator\'s tampers (docs/transparency.md "Threat model") must be caught on both drivers: raw SQL with the triggers off, played on each',
  })),
];

/**
 * Test files that read the driver (TEST_DATABASE_URL, `database.driver`) but need no PGlite run
 * in CI, with the reason: they only skip their PostgreSQL parts on PGlite, or open an embedded
 * database of their own in every pass.
 */
export const NOT_DRIVER_SENSITIVE: Record<string, string> = {
  'server/test/app.ts': 'the harness: picks the driver of every test file',
  'server/test/database-template.ts':
    'the global setup: migrates what every file on either driver starts from, so both CI runs run it',
  'server/test/two-processes.ts': 'two API processes on one PostgreSQL: PostgreSQL only',
  'server/test/processes.ts':
    'starts API processes; postgresOrSkip tells the process tests to skip without PostgreSQL',
  'server/test/empty-production-database.ts': 'a production database: PostgreSQL only',
  'server/modules/auth/two-processes.test.ts': 'PostgreSQL only (two processes)',
  'server/modules/plans/two-processes.test.ts': 'PostgreSQL only (two processes)',
  'server/modules/withdrawals/two-processes.test.ts': 'PostgreSQL only (two processes)',
  'server/test/sessions-two-processes.test.ts': 'PostgreSQL only (two processes)',
  'server/test/crash.test.ts': 'PostgreSQL only (a killed server process)',
  'server/test/database-faults.test.ts': 'PostgreSQL only (a cluster of its own)',
  'server/modules/transparency/journal-log.test.ts': 'only its concurrency part differs: PostgreSQL only',
  'server/modules/staff/cli.test.ts': 'opens an embedded database in a folder of its own in every pass',
  'server/modules/staff/recovery-cli.test.ts':
    'opens an embedded database in a folder of its own in every pass',
};
