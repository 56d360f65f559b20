/**
 * The production install holds what the bundles load, and nothing else (docs/deployment.md
 * "Installing"): esbuild bundles the server and its command-line tools (scripts/build-server.js)
 * with the packages left as imports, and those imports, read from esbuild's metafile, must be
 * exactly the `dependencies` of package.json. A package the server loads but only
 * `devDependencies` names would be missing from the production install, and fail there only; a
 * dependency nothing loads (the web app's charts, tsx) is weight in every install and image.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/build-server.js';

/** Dependencies the bundles load by name rather than by import, with the reason. */
const LOADED_BY_NAME: Record<string, string> = {
  'pino-pretty': "the development log transport, named as a string in the logger's options",
};

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('production dependencies', () => {
  it('are exactly the packages the server and its tools import', async () => {
    const result = await build({ ...bundleOptions(), write: false, metafile: true, logLevel: 'silent' });
    const imported = new Set(
      Object.values(result.metafile!.inputs)
        .flatMap((input) => input.imports)
        .filter((i) => i.external && !i.path.startsWith('node:'))
        .map((i) => packageOf(i.path)),
    );
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const declared = Object.keys(dependencies);
    expect(imported.size).toBeGreaterThan(20);
    expect(
      [...imported].filter((name) => !declared.includes(name)),
      'imported, but not in dependencies',
    ).toEqual([]);
    expect(
      declared.filter((name) => !imported.has(name) && !LOADED_BY_NAME[name]),
      'in dependencies, but nothing imports them',
    ).toEqual([]);
  });
});
