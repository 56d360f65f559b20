/**
 * Second half of `npm prune --omit=dev` (scripts/install-production.sh runs it right after).
 *
 * npm keeps a dev package in a production install when a production package names it as an
 * optional peer: better-auth lists vitest, vite, drizzle-kit, react and react-dom that way, and they
 * bring their own dependencies (about 80 MB). The server never loads them. This removes every
 * installed package that package-lock.json does not reach from the production dependencies through
 * `dependencies`, `optionalDependencies` or required (non-optional) `peerDependencies`, then the
 * `.bin` links left pointing at nothing.
 *
 *   node scripts/prune-optional-peers.js [--dry-run]
 *
 * Plain JavaScript on node's own modules (it runs on a pruned tree).
 */
/* global console, process, URL -- node's globals: the ESLint config declares none for .js files */
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dryRun = process.argv.includes('--dry-run');
const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const { devDependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// never on a development tree: it would remove the dev packages npm prune left alone on purpose
const devInstalled = Object.keys(devDependencies).filter((name) =>
  existsSync(path.join(root, 'node_modules', name, 'package.json')),
);
if (!dryRun && devInstalled.length === Object.keys(devDependencies).length) {
  console.error('prune-optional-peers: the dev packages are installed; run `npm prune --omit=dev` first.');
  process.exit(1);
}

/** The lockfile key `name` resolves to from the package at key `from`, as node would find it. */
function resolve(from, name) {
  for (let dir = from; ;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

const needed = new Set();
const queue = [''];
while (queue.length > 0) {
  const key = queue.pop();
  if (needed.has(key)) continue;
  needed.add(key);
  const pkg = packages[key];
  const meta = pkg.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}).filter((name) => !meta[name]?.optional),
  ];
  for (const name of names) {
    const found = resolve(key, name);
    if (found) queue.push(found);
  }
}

// outermost first, so a removed package's own node_modules is not visited again
const extra = Object.keys(packages)
  .filter((key) => key && !needed.has(key) && existsSync(path.join(root, key)))
  .sort((a, b) => a.length - b.length)
  .filter((key, i, keys) => !keys.slice(0, i).some((outer) => key.startsWith(`${outer}/`)));

for (const key of extra) {
  if (!dryRun) rmSync(path.join(root, key), { recursive: true, force: true });
}

let links = 0;
const bin = path.join(root, 'node_modules/.bin');
for (const name of existsSync(bin) ? readdirSync(bin) : []) {
  const file = path.join(bin, name);
  if (!lstatSync(file).isSymbolicLink()) continue;
  try {
    statSync(file);
  } catch {
    links += 1;
    if (!dryRun) rmSync(file);
  }
}
// npm's cache of the tree it installed no longer matches it
if (!dryRun) rmSync(path.join(root, 'node_modules/.package-lock.json'), { force: true });

console.log(
  `prune-optional-peers: ${dryRun ? 'would remove' : 'removed'} ${extra.length} packages kept only as optional peers${links ? ` and ${links} .bin links` : ''}`,
);
