/**
 * The report of `npm run bench`: each figure with its target and whether it is met, printed as a
 * table and written to bench/results.json with the details behind it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { round } from './measure';
import { ROOT, TARGETS, type FigureName } from './settings';

export interface Figure {
  value: number;
  target: string;
  met: boolean;
}

/** The figure `name` with its target from TARGETS (a NaN value is never met). */
export function figure(name: FigureName, value: number): Figure {
  const t = TARGETS[name];
  const met = t.op === '>=' ? value >= t.bound : value <= t.bound;
  return { value: round(value, 3), target: `${t.op} ${t.bound}`, met: Number.isFinite(value) && met };
}

/** Prints the figures as a table, and any failure of the run below it. */
export function printTable(
  figures: Record<string, Figure>,
  notes: Record<string, string>,
  failures: string[],
): void {
  console.log(`\n  ${'figure'.padEnd(24)} ${'value'.padStart(10)}   ${'target'.padEnd(8)}`);
  for (const [name, f] of Object.entries(figures)) {
    const note = notes[name] ? `  (${notes[name]})` : '';
    console.log(
      `  ${name.padEnd(24)} ${String(f.value).padStart(10)}   ${f.target.padEnd(8)} ${f.met ? 'met' : 'NOT MET'}${note}`,
    );
  }
  for (const f of failures) console.log(`  ! ${f}`);
}

/** Writes bench/results.json. */
export function writeResults(results: Record<string, unknown>): void {
  writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
}
