/**
 * The code on docs/integrations.md is the code that runs: each ```ts block whose first line names
 * a file of docs/examples is that file, word for word (server/test/integration-examples.test.ts runs
 * the files against a real app). A file no block shows fails too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const page = readFileSync(path.join(ROOT, 'docs/integrations.md'), 'utf8');

describe('docs/integrations.md examples', () => {
  it('shows each file of docs/examples exactly as it is', () => {
    const shown = new Map<string, string>();
    for (const m of page.matchAll(/```ts\n\/\/ (docs\/examples\/[\w.-]+)\n([\s\S]*?)\n```/g))
      shown.set(m[1]!, m[2]!);
    const files = readdirSync(path.join(ROOT, 'docs/examples')).map((f) => `docs/examples/${f}`);
    expect([...shown.keys()].sort()).toEqual(files.sort());
    for (const [file, code] of shown)
      expect(code, file).toBe(readFileSync(path.join(ROOT, file), 'utf8').trimEnd());
  });
});
