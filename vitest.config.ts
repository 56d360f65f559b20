import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** API tests run against a real database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/src/lib/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
