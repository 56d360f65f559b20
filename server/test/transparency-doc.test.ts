/**
 * docs/transparency.md "Threat model" names, for every tamper an operator could try, who catches it
 * and the test and journey that play it; "What the page claims, and the tests behind it" names a
 * test for every claim the cards of /transparency make (web/src/features/transparency/explanations.ts).
 * This keeps both tables true: every named test file exists and holds a test of that exact title,
 * every tamper has a test, and every card of the page has at least one row.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPLANATIONS } from '../../web/src/features/transparency/explanations';
import { documentedRows } from './doc-tables';

const ROOT = join(import.meta.dirname, '../..');

/**
 * What is wrong with a cell naming a test as `file › title`: null when the file exists and holds
 * a test (`it(` or `test(`) of exactly that title, in any of the three kinds of quotes.
 */
function missingTest(cell: string): string | null {
  const [file, title] = cell.split(' › ');
  if (!file || !title) return `"${cell}" is not "file › title"`;
  const path = join(ROOT, file);
  if (!existsSync(path)) return `${file} does not exist`;
  const text = readFileSync(path, 'utf8');
  const declared = ["'", '"', '`'].some((q) =>
    new RegExp(`\\b(it|test)\\(\\s*${q}${escape(title)}${q}`).test(text),
  );
  return declared ? null : `${file} has no test titled "${title}"`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('docs/transparency.md keeps its tables true', () => {
  it('threat model: every tamper names who catches it and a test that exists; journeys exist', () => {
    const [header, ...rows] = documentedRows('transparency.md', 'Threat model');
    expect(header).toEqual(['Someone with the database and the servers…', 'is caught by', 'test', 'journey']);
    expect(rows.length).toBeGreaterThanOrEqual(13);
    const problems = rows.flatMap(([tamper, caughtBy, test, journey]) => [
      caughtBy ? null : `"${tamper}" names nobody who catches it`,
      missingTest(test ?? ''),
      journey === '—' ? null : missingTest(journey ?? ''),
    ]);
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('the page: every card of /transparency has claims, each played by a test that exists', () => {
    const [header, ...rows] = documentedRows('transparency.md', 'What the page claims');
    expect(header).toEqual(['card', 'claim', 'test']);
    const cards = new Set(rows.map(([card]) => card!.replace(/`/g, '')));
    expect([...cards].sort()).toEqual(Object.keys(EXPLANATIONS).sort());
    expect(rows.map(([, , test]) => missingTest(test ?? '')).filter(Boolean)).toEqual([]);
  });

  it('a test named in a table that does not exist is caught', () => {
    expect(missingTest('server/test/doc-tables.ts › no such test')).toMatch(/has no test titled/);
    expect(missingTest('server/test/nowhere.test.ts › a test')).toMatch(/does not exist/);
    expect(missingTest('a cell without a title')).toMatch(/is not "file › title"/);
  });
});
