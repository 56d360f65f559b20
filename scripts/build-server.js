/**
 * `npm run build:server`: bundles the server and its command-line tools with esbuild, each into one
 * file of dist/ (docs/deployment.md "Installing"), packages left as imports of node_modules:
 *
 *   dist/server/main.js             the API process (`node dist/server/main.js`)
 *   dist/scripts/staff.js           `npm run staff` in production
 *   dist/scripts/ledger-verify.js   `npm run ledger:verify` in production
 *   dist/scripts/witness.js         `npm run witness` in production
 *   dist/scripts/transparency-key.js `npm run transparency:rotate` in production
 *
 * So a production install runs the tools on plain node, without tsx or the TypeScript sources.
 * The syntax target is SERVER_TARGET when set (scripts/install-production.sh sets `node24`, the
 * production runtime), else `node20.19`, so `npm start` also runs on a development machine's
 * Node 20. server/test/dependencies.test.ts reads `ENTRY_POINTS` and `bundleOptions`.
 *
 * Plain JavaScript: it runs from `postinstall`, before anything is known to be installed but esbuild.
 */
/* global process, URL -- node's globals: the ESLint config declares none for .js files */
import { fileURLToPath } from 'node:url';

/** The files bundled, relative to the project root; each lands in dist/ under the same path, as .js. */
export const ENTRY_POINTS = [
  'server/main.ts',
  'scripts/staff.ts',
  'scripts/ledger-verify.ts',
  'scripts/witness.ts',
  'scripts/transparency-key.ts',
];

/** The development target: `npm start` runs the bundle on the machine's node (engines: >=20.19). */
export const DEFAULT_TARGET = 'node20.19';

/** esbuild's options for `target` (e.g. `node24`), run in the project root. */
export function bundleOptions(target = DEFAULT_TARGET) {
  return {
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: ENTRY_POINTS,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target,
    outbase: '.',
    outdir: 'dist',
    logLevel: 'warning',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { build } = await import('esbuild');
  await build(bundleOptions(process.env.SERVER_TARGET || DEFAULT_TARGET));
}
