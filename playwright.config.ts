import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT, WEB_DIR } from './e2e/env';

/**
 * Browser journeys in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the
 * built web app served by the real API on an embedded database (e2e/serve.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `vite build --logLevel warn --outDir ../${WEB_DIR} --emptyOutDir && tsx e2e/serve.ts`,
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
