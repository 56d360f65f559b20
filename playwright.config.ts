import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT, E2E_SIGNING_KEY, E2E_WORKERS, serverPort, WEB_DIR } from './e2e/env';

// the web build pins the key the servers sign with (docs/transparency.md "The key and its history")
process.env.TRANSPARENCY_SIGNING_KEY ??= E2E_SIGNING_KEY;

/**
 * E2E_WEB_DIR names a build made before the run (.ci/run: the install's dist/web), served instead
 * of building one; it must pin the journeys' key (`TRANSPARENCY_SIGNING_KEY=<E2E_SIGNING_KEY>` at
 * build time), or every transparency journey would fail on a foreign key: checked here, once.
 */
const PREBUILT = process.env.E2E_WEB_DIR !== undefined;
if (PREBUILT && process.env.TEST_WORKER_INDEX === undefined) {
  const publicKey = Buffer.from(ed25519.getPublicKey(Buffer.from(E2E_SIGNING_KEY, 'hex'))).toString('hex');
  const assets = path.join(WEB_DIR, 'assets');
  const pinned = readdirSync(assets).some(
    (f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes(publicKey),
  );
  if (!pinned) {
    throw new Error(
      `E2E_WEB_DIR=${WEB_DIR} does not pin the journeys' transparency key: build it with TRANSPARENCY_SIGNING_KEY=${E2E_SIGNING_KEY}`,
    );
  }
}

/**
 * Browser journeys in Debian's Chromium (/usr/bin/chromium; never a downloaded browser) against the
 * built web app served by the real API on an embedded database (e2e/serve.ts); a journey that needs
 * other settings (STAFF_TWO_FACTOR=required, a `localhost` origin) starts an app of its own for its
 * length (e2e/own-app.ts). With
 * E2E_WORKERS > 1 each further worker gets a server of its own (e2e/env.ts), so journeys that run
 * at once share no database. The servers start one after the other, so the web app is built once,
 * before any (or not at all: E2E_WEB_DIR). Set the number of workers with E2E_WORKERS, not
 * `--workers`: the servers are started for E2E_WORKERS.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // one budget for every journey, the longest included: the same journeys take 2–3× longer on a
  // busy or slower 2-core runner than on a quiet one (a CI run has seen 40 min for what takes 14
  // on a quiet machine, and the longest journey run out of 180 s while still loading pages), and a
  // journey's waits are its own expect timeouts (10 s), so a long budget only matters to a journey
  // that is still making progress
  timeout: 300_000,
  expect: { timeout: 10_000 },
  // a focused journey (`test.only`) left in a commit fails CI instead of skipping all the others
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: BASE_URL,
    headless: true,
    // no trace by default: recording one (screencast frames and a DOM snapshot per action) costs a
    // quarter of the journeys' CPU (bench/runs.md "Time-ordered ids"), and a CI clone's traces
    // go with it. A failure still leaves its page's aria snapshot (error-context.md) and a
    // screenshot; `--trace retain-on-failure` records traces.
    trace: 'off',
    screenshot: 'only-on-failure',
    // as a user who asks for reduced motion: dialogs and toasts open without their transitions
    // (web/src/app/theme.ts), so a click never lands on a dialog still scaling in on a busy runner
    // (a confirmation's button once took the click and did nothing); the hero's autoplay journey
    // asks for motion itself
    reducedMotion: 'reduce',
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
  webServer: [
    {
      command: PREBUILT
        ? 'tsx e2e/serve.ts'
        : `vite build --logLevel warn --outDir ../${WEB_DIR} --emptyOutDir && tsx e2e/serve.ts`,
      url: `${BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    ...Array.from({ length: E2E_WORKERS - 1 }, (_, i) => serverPort(i + 1)).map((port) => ({
      command: 'tsx e2e/serve.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      env: { E2E_PORT: String(port), E2E_WEB_DIR: WEB_DIR },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
    })),
  ],
});
