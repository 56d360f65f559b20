/**
 * Before the browser journeys (`npm test`, `npm run test:e2e`): Playwright drives Debian's Chromium
 * at /usr/bin/chromium (playwright.config.ts) and never downloads a browser. When it is missing,
 * this installs it with apt-get if it runs as root on a machine with apt, and otherwise stops at
 * once with the one command to run, rather than after the API tests or in Playwright's launch error.
 *
 * Plain JavaScript on node's own modules.
 */
/* global console, process -- node's globals: the ESLint config declares none for .js files */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get install -y chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(`The browser journeys need Chromium at ${CHROMIUM}: run \`sudo ${INSTALL}\`.`);
    process.exit(1);
  }
  console.log(`Chromium is missing: ${INSTALL}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`\`apt-get ${args.join(' ')}\` failed: install Chromium with \`${INSTALL}\`.`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get installed chromium, but not at ${CHROMIUM}.`);
    process.exit(1);
  }
}
