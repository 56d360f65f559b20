/**
 * npm runs this after `npm install` and `npm ci` (package.json "postinstall").
 *
 * With the dev packages installed (a laptop, CI, the Dockerfile's build stage) it runs
 * `npm run build`: the web app into dist/web and the server bundle dist/server/main.js.
 * "Installed" means every package in devDependencies: npm keeps some of them (vite, react) even
 * with --omit=dev, as optional peers of production packages, so no single one tells.
 *
 * Without them (`npm ci --omit=dev`, or NODE_ENV=production, on a tree that already carries a
 * built dist/) there is nothing to build with, and nothing to build: it says so and succeeds. When
 * dist/ is missing too, the install could never start a server, so it fails with the command that
 * would work (docs/deployment.md "Installing").
 *
 * Plain JavaScript on node's own modules: it runs before anything is known to be installed.
 */
/* global console, process, URL -- node's globals: the ESLint config declares none for .js files */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const has = (file) => existsSync(new URL(file, root));
const { devDependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

if (Object.keys(devDependencies).every((name) => has(`node_modules/${name}/package.json`))) {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(build.status ?? 1);
}

if (has('dist/server/main.js') && has('dist/web/index.html')) {
  console.log('postinstall: dev packages absent, so no build; using the dist/ already built.');
  process.exit(0);
}

console.error(
  'postinstall: dist/ is not built and cannot be without the dev packages: run `sh scripts/install-production.sh` instead (docs/deployment.md "Installing").',
);
process.exit(1);
