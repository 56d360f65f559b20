/**
 * The evidence verifier shares no code with the server (docs/transparency.md "Your evidence"): every
 * file of verifier/ imports only Node.js built-ins (`node:…`) and other files of verifier/, so a
 * reader can check what it does by reading that folder alone. eslint.config.js refuses the same on
 * every lint; this test keeps the rule even where eslint is not run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.resolve(import.meta.dirname, '../../verifier');

/** Every module specifier of `source`: static imports and re-exports, dynamic import(), require(). */
export function specifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]?([^'"`)]*)/g,
    /\brequire\s*\(\s*['"`]?([^'"`)]*)/g,
  ];
  return patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[1]!));
}

/** Why `specifier` (in a file of verifier/) is refused, or null when it is a built-in or a sibling file. */
export function refused(specifier: string): string | null {
  if (specifier.startsWith('node:')) return null;
  const sibling = /^\.\/([\w-]+\.mjs)$/.exec(specifier);
  if (sibling && existsSync(path.join(FOLDER, sibling[1]!))) return null;
  return `${specifier} is neither a node: built-in nor a file of verifier/`;
}

describe('verifier/ imports nothing of ours', () => {
  it('finds every kind of import, and refuses the server, common/, packages and unknown files', () => {
    const sample = `import a from '../server/x.mjs';\nimport { b } from "@common/x";\nexport * from 'zod';\nimport './side-effect.mjs';\nconst c = await import('../web/y.mjs');\nconst d = require('node:fs');\nimport { e } from './bytes.mjs';`;
    const found = specifiers(sample);
    expect(found).toEqual(
      expect.arrayContaining([
        '../server/x.mjs',
        '@common/x',
        'zod',
        './side-effect.mjs',
        '../web/y.mjs',
        'node:fs',
        './bytes.mjs',
      ]),
    );
    expect(found.filter((s) => refused(s) === null).sort()).toEqual(['./bytes.mjs', 'node:fs']);
  });

  it('holds for every file of the folder', () => {
    const files = readdirSync(FOLDER).filter((f) => /\.(mjs|js|html)$/.test(f));
    expect(files).toContain('verify-evidence.mjs');
    for (const file of files) {
      const source = readFileSync(path.join(FOLDER, file), 'utf8');
      const problems = specifiers(source).flatMap((s) => refused(s) ?? []);
      expect(problems, file).toEqual([]);
    }
  });
});
