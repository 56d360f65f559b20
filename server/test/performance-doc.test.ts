/**
 * docs/performance.md keeps the bench's figures true: "The figures" lists exactly the figures of
 * bench/lib/settings.ts TARGETS with their targets, and "Current figures" is the table `npm run
 * bench:doc` makes from the committed bench/results.json (bench/lib/figures-doc.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentedBlock, figuresBlock, PAGE, readResults } from '../../bench/lib/figures-doc';
import { TARGETS } from '../../bench/lib/settings';
import { documentedRows } from './doc-tables';

describe('docs/performance.md keeps the bench figures true', () => {
  it('"The figures" names every figure of the bench with its target, and no other', () => {
    const [header, ...rows] = documentedRows('performance.md', 'The figures');
    expect(header).toEqual(['figure', 'what', 'target']);
    const documented = rows.map(([figure, , target]) => {
      const [op, bound] = target!.split(' ');
      return [figure, op, Number(bound)];
    });
    const bench = Object.entries(TARGETS).map(([name, t]) => [
      `\`${name}\``,
      t.op === '>=' ? '≥' : '≤',
      t.bound,
    ]);
    expect(documented).toEqual(bench);
  });

  it('"Current figures" is the table bench/results.json makes (run `npm run bench:doc`)', () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(documentedBlock(page)).toBe(figuresBlock(readResults()));
  });
});
