import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Web component tests (`npm run test:web`): the screens' form states and messages, rendered in
 * jsdom inside the app's own providers (web/test/render.tsx), the API answered by MSW handlers typed
 * from the OpenAPI document (web/test/api.ts). The journeys (e2e/) keep the happy paths through the
 * real server; these tests keep the states (validation, busy and disabled buttons, server errors).
 */
export default defineConfig({
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    include: ['web/src/**/*.test.tsx'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    setupFiles: ['web/test/setup.ts'],
    css: false,
    // a test that types a whole form takes 3–5 s on a quiet machine; with both cores taken by other
    // work (the journeys, a second test run) four such tests once ran out of 30 s
    testTimeout: 60_000,
    pool: 'forks',
    maxWorkers: '100%',
    // a worker keeps the modules it has loaded (React, Mantine, the app's providers) from one file
    // to the next instead of importing them and building a fresh jsdom for each: a quarter of the
    // CPU time (168 s to 45 s on the 2-core machine); setup.ts cleans the page, storage, toasts and
    // MSW handlers after every test, so no test counts on what another file left
    isolate: false,
  },
});
