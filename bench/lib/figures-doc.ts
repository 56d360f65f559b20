/**
 * The "Current figures" table of docs/performance.md, made from bench/results.json: `npm run
 * bench:doc` (bench/doc.ts) writes it between the page's markers, and
 * server/test/performance-doc.test.ts fails while the page's table differs from the file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOAD_LIMIT, ROOT, TARGETS, type FigureName } from './settings';

export const PAGE = path.join(ROOT, 'docs/performance.md');
export const RESULTS = path.join(ROOT, 'bench/results.json');
export const START = '<!-- bench-figures:start -->';
export const END = '<!-- bench-figures:end -->';

/** The parts of bench/results.json (bench/api.ts `writeResults`) the table shows. */
export interface BenchResults {
  date: string;
  machine: { cores: number; node: string };
  loadavg: { start: number[]; end: number[] };
  settings: { seconds: number };
  loadOk: boolean;
  [figure: string]: unknown;
}

interface FigureResult {
  value: number | null;
  target: string;
  met: boolean;
}

/** bench/results.json, parsed. Throws when the file is missing. */
export function readResults(): BenchResults {
  return JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults;
}

/** A Markdown table with its columns padded as Prettier writes them. */
function markdownTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(3, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

/**
 * The block between the markers: one line on the run (date, machine, load averages, phase
 * length, and whether the machine was busy), then each figure of bench/lib/settings.ts TARGETS
 * with its value, target and whether it is met. A figure the results lack is shown as "—", not met (a run from before it existed).
 */
export function figuresBlock(results: BenchResults): string {
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  const intro =
    `Run of ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${results.machine.cores} cores, ` +
    `Node ${results.machine.node}, load phases of ${results.settings.seconds} s; load average ` +
    `${load(results.loadavg.start)} at the start, ${load(results.loadavg.end)} at the end` +
    (results.loadOk
      ? '.'
      : `; \`p99FixedRateMs\` does not count (the load was over ${LOAD_LIMIT} at its start).`) +
    (results.loadavg.start[0]! > LOAD_LIMIT
      ? ' The machine was busy when the run started (load average over ' +
        `${LOAD_LIMIT}), so its rates and CPU times are not comparable with a calm run's.`
      : '');
  const rows = [['figure', 'value', 'target', 'met']];
  for (const name of Object.keys(TARGETS) as FigureName[]) {
    const figure = results[name] as FigureResult | undefined;
    const target = `${TARGETS[name].op === '>=' ? '≥' : '≤'} ${TARGETS[name].bound}`;
    const value = figure?.value ?? null;
    rows.push([`\`${name}\``, value === null ? '—' : String(value), target, figure?.met ? 'yes' : 'no']);
  }
  return `${intro}\n\n${markdownTable(rows)}`;
}

/** The text between the page's markers, trimmed. Throws when a marker is missing. */
export function documentedBlock(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md lacks ${START} … ${END}`);
  return page.slice(start + START.length, end).trim();
}

/** The page with `block` between its markers. */
export function withBlock(page: string, block: string): string {
  documentedBlock(page);
  return `${page.slice(0, page.indexOf(START) + START.length)}\n\n${block}\n\n${page.slice(page.indexOf(END))}`;
}
