/**
 * For the tests that keep a docs/ page and the code the same: the cells of a Markdown table in one
 * "## " section of a page of docs/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The cells of each table row (header included, the `|---|` line left out) in the section of
 * `docs/<page>` whose "## " heading starts with `heading`. Throws when the page has no such section.
 */
export function documentedRows(page: string, heading: string): string[][] {
  return sectionText(page, heading)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/**
 * Each Markdown table (header row first, the `|---|` line left out) in the section of `docs/<page>`
 * whose "## " heading starts with `heading`, in the order they appear; a table indented under a
 * list item counts too. Throws when the page has no such section.
 */
export function documentedTables(page: string, heading: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const raw of sectionText(page, heading).split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    if (/^\|\s*-/.test(line)) continue;
    if (!current) tables.push((current = []));
    current.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return tables;
}

/** The text of the section of `docs/<page>` whose "## " heading starts with `heading`; throws when none. */
function sectionText(page: string, heading: string): string {
  const text = readFileSync(join(import.meta.dirname, '../../docs', page), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/${page} has no "## ${heading}" section`);
  return section;
}
