import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DRIVER_SENSITIVE } from './server/test/driver-sensitive.js';

/**
 * API tests run against a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 * DRIVER_SENSITIVE_ONLY=1 runs only the files whose code differs by driver
 * (server/test/driver-sensitive.ts): CI runs those on PGlite and everything on PostgreSQL.
 */
export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    include: process.env.DRIVER_SENSITIVE_ONLY
      ? DRIVER_SENSITIVE.map((f) => f.test)
      : // web/src/**/*.test.ts: the web's pure logic, in node (the screens' *.test.tsx: vitest.web.config.ts)
        ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/src/**/*.test.ts'],
    // a focused test (`.only`) left in a commit fails CI instead of skipping all the others
    allowOnly: !process.env.CI,
    environment: 'node',
    // migrates one database before the files run; each file's database is a copy of it
    globalSetup: ['server/test/database-template.ts'],
    // budgets against a hung test, not speed checks: CI runs these beside the journeys on two cores,
    // where a starved file's app and database set-up once took over 60 s
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // every core runs test files (Vitest's default leaves one idle), and a worker keeps the modules
    // it has loaded from one file to the next instead of importing the whole server again for
    // each (about 3 s a file on a slow 2-core runner); each file builds its own app and database,
    // and a test must not count on module state another file left (README "Test it")
    maxWorkers: '100%',
    isolate: false,
  },
});
