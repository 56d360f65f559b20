/**
 * For server/test/doc-references.test.ts: the places where a comment or a doc names a section of a
 * Markdown page, and the sections each page has.
 *
 * A reference is a page's path followed by one or more quoted section names, as the tree writes
 * them: `docs/<page>.md "<Section>"`, `docs/<page>.md, "<Section>"`, `(docs/<page>.md "<A>" and
 * "<B>")`, `docs/<page>.md §"<Section>"` or `docs/<page>.md §<Section>`, and Markdown links to an
 * anchor, `[…](docs/<page>.md#<anchor>)` (or `<page>.md#<anchor>` from a page of docs/). Comments are read with their line breaks and comment markers (`*`, `//`, `#`,
 * `--`) folded away, so a name wrapped over two comment lines is read whole.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** Folders whose comments are checked, and the pages (from ROOT) whose text is. */
const SOURCE_FOLDERS = ['server', 'web/src', 'common', 'scripts', 'e2e', 'bench', 'verifier'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|sql|sh|css|html)$/;
const SKIPPED = new Set(['node_modules', 'dist', '.output', 'test-results', 'playwright-report']);

export interface SectionReference {
  /** The file holding the reference, from the repository's root. */
  file: string;
  /** The page named, from the repository's root (e.g. `docs/security.md`). */
  page: string;
  /** The section's name as written, or the anchor (`#staff-roles`) of a link. */
  section: string;
}

/** Every checked file under the source folders and every page of docs/ with README.md and bench/runs.md. */
export function checkedFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(join(ROOT, folder))) {
      if (SKIPPED.has(name)) continue;
      const path = `${folder}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (SOURCE_FILE.test(name) || name.endsWith('.md')) files.push(path);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  walk('docs');
  files.push('README.md');
  return [...new Set(files)].sort();
}

/**
 * The text of a file as one line: in source files each line loses its leading comment marker
 * (`*`, `/**`, `//`, `#`, `--`, `{/*`), and lines are joined by a space. `text` is the file's
 * own unless given.
 */
export function foldedText(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string {
  const lines = text.split('\n');
  const marker = file.endsWith('.md') ? /^\s*>?\s*/ : /^\s*(\{?\/\*+|\*+\/?|\/\/+|#+|--)?\s*/;
  return lines.map((line) => line.replace(marker, '')).join(' ');
}

const PAGE = String.raw`((?:\.\./)*(?:docs/|bench/)?[\w-]+\.md)`;
const QUOTED = String.raw`"([^"]{1,120})"`;
/** A page then its first name: quoted, or after §. */
const NAMED = new RegExp(String.raw`${PAGE}[,:]?\s*(?:§\s*(?:${QUOTED}|([^,;.()"]{1,80}))|${QUOTED})`, 'g');
/** Further names after the first: `, "B"`, ` and "C"`, `, or "D"`. */
const MORE = new RegExp(String.raw`^(?:\s*(?:,|and|or|,\s*and|,\s*or)\s*${QUOTED})`);
const ANCHOR = new RegExp(String.raw`\]\(${PAGE}(#[\w-]+)\)`, 'g');

/**
 * The page a path names, from the repository's root, when the file stands at `from`: a path that
 * climbs (`../`) is relative to the file; a bare name in a page of docs/ is the page beside it
 * when there is one (`security.md`), else the repository's (`README.md`).
 */
function pagePath(written: string, from: string): string {
  const beside = relative(ROOT, join(ROOT, dirname(from), written));
  if (written.startsWith('../')) return beside;
  if (from.startsWith('docs/') && !written.includes('/') && existsSync(join(ROOT, beside))) return beside;
  return written;
}

/** Every section reference in `file` (its text read from the tree, or `source` when given). */
export function sectionReferences(file: string, source?: string): SectionReference[] {
  const text = foldedText(file, source);
  const found: SectionReference[] = [];
  for (const match of text.matchAll(NAMED)) {
    const page = pagePath(match[1]!, file);
    const first = (match[2] ?? match[3] ?? match[4])!.trim();
    found.push({ file, page, section: first });
    let rest = text.slice(match.index! + match[0].length);
    for (let more = MORE.exec(rest); more; more = MORE.exec(rest)) {
      found.push({ file, page, section: more[1]!.trim() });
      rest = rest.slice(more[0].length);
    }
  }
  for (const match of text.matchAll(ANCHOR)) {
    found.push({ file, page: pagePath(match[1]!, file), section: match[2]! });
  }
  return found;
}

/**
 * The sections of a page, from the repository's root: its headings (any level; a leading number
 * such as "4. " is also dropped, so "How a request flows" names "4. How a request flows") and its
 * named paragraphs, a line (or list item) that opens with a bold name (`**Moving between pages**`).
 * Lines in fenced code blocks are not read.
 */
export function headings(page: string): string[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const names: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6} +(.+?)\s*#*$/.exec(line)?.[1];
    if (heading) names.push(heading, heading.replace(/^\d+(\.\d+)*\.? +/, ''));
    const bold = /^\s*(?:(?:[-*]|\d+\.) +)?\*\*(.+?)\*\*/.exec(line)?.[1];
    if (bold) names.push(bold.replace(/[.:]$/, ''));
  }
  return names;
}

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
export function anchor(heading: string): string {
  return `#${heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')}`;
}

/**
 * Whether `section` names one of `pageHeadings`: an anchor equal to a heading's, or a name equal to
 * a heading or to its start up to a word's end (`"Four-eyes"` names "Four-eyes approval"); backticks
 * and case are ignored.
 */
export function namesASection(section: string, pageHeadings: string[]): boolean {
  if (section.startsWith('#')) return pageHeadings.some((h) => anchor(h) === section);
  const plain = (s: string): string => s.replace(/`/g, '').toLowerCase();
  const wanted = plain(section).replace(/[.…]+$/, '');
  return pageHeadings.some((h) => {
    const heading = plain(h);
    return (
      heading === wanted || (heading.startsWith(wanted) && /^[\s:,(—–-]/.test(heading.slice(wanted.length)))
    );
  });
}
