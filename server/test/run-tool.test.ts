/**
 * `npm run staff`, `ledger:verify`, `witness` and `transparency:rotate` in a production install
 * (docs/deployment.md "Installing", the runbooks of docs/operations.md): package.json runs every
 * tool through scripts/run-tool.js, which scripts/install-production.sh copies into the release, and
 * which runs the bundle (dist/scripts/<tool>.js) where tsx and the sources are gone, the source
 * through tsx where they are there. Checked on stand-ins for tsx and the bundle in a temporary
 * folder laid out as each install is: the arguments reach the tool, its exit code comes back.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../paths';

const dir = mkdtempSync(path.join(tmpdir(), 'run-tool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `text` to `file` under `root`, creating its folders. */
function put(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A stand-in that prints its name and arguments, then exits with code 3. */
const standIn = (name: string) =>
  `console.log(${JSON.stringify(name)}, process.argv.slice(2).map((a) => a.replace(/^.*[\\\\/]/, '')).join(' ')); process.exit(3);\n`;

/** A project folder at `root` with scripts/run-tool.js and, when `dev`, tsx and the sources. */
function install(root: string, dev: boolean) {
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  copyFileSync(path.join(ROOT, 'scripts/run-tool.js'), path.join(root, 'scripts/run-tool.js'));
  put(root, 'dist/scripts/staff.js', standIn('bundle'));
  if (dev) {
    put(root, 'node_modules/tsx/dist/cli.mjs', standIn('tsx'));
    put(root, 'scripts/staff.ts', '');
  }
}

const run = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/run-tool.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('scripts/run-tool.js', () => {
  it('runs the bundle in a production install (no tsx, no sources), with the arguments and exit code', () => {
    const root = path.join(dir, 'production');
    install(root, false);
    const out = run(root, 'staff', 'list', '--email', 'a@b.c');
    expect([out.status, out.stdout.trim()]).toEqual([3, 'bundle list --email a@b.c']);
  });

  it('runs the source through tsx in a development install', () => {
    const root = path.join(dir, 'development');
    install(root, true);
    const out = run(root, 'staff', 'list');
    expect([out.status, out.stdout.trim()]).toEqual([3, 'tsx staff.ts list']);
  });

  it('refuses a tool it does not know with exit code 2', () => {
    const root = path.join(dir, 'unknown');
    install(root, false);
    expect(run(root, 'rm').status).toBe(2);
  });

  it('is what package.json runs for every tool, and what the production install copies', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect({
      staff: scripts.staff,
      'ledger:verify': scripts['ledger:verify'],
      witness: scripts.witness,
      'transparency:rotate': scripts['transparency:rotate'],
    }).toEqual({
      staff: 'node scripts/run-tool.js staff',
      'ledger:verify': 'node scripts/run-tool.js ledger-verify',
      witness: 'node scripts/run-tool.js witness',
      'transparency:rotate': 'node scripts/run-tool.js transparency-key',
    });
    expect(readFileSync(path.join(ROOT, 'scripts/install-production.sh'), 'utf8')).toMatch(
      /cp -a scripts\/run-tool\.js "\$1\/scripts\/"/,
    );
  });
});
