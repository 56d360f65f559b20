/**
 * A comment (in server/, web/src/, common/, scripts/, e2e/, bench/, verifier/) or a page (docs/*.md,
 * README.md, bench/runs.md) that names a section of a page names one that exists: a heading, or a
 * paragraph that opens with that bold name (server/test/doc-references.ts says how references are
 * read and matched).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkedFiles,
  headings,
  namesASection,
  ROOT,
  sectionReferences,
  type SectionReference,
} from './doc-references';

/** What is wrong with a reference, or null when its page has the section. */
function broken(ref: SectionReference): string | null {
  if (!existsSync(join(ROOT, ref.page))) return `${ref.file}: ${ref.page} does not exist`;
  return namesASection(ref.section, headings(ref.page))
    ? null
    : `${ref.file}: ${ref.page} has no "${ref.section}"`;
}

describe('references to a section of the docs', () => {
  it('reads every way the tree writes one, and finds a section that is not there', () => {
    const source = [
      '/**',
      ' * Four-eyes (docs/security.MD "Four-eyes approval"), the flow (docs/architecture.MD, "How a',
      ' * request flows"), mail (docs/operations.MD "Mail" and "Mail retention", "No such part"),',
      ' * docs/transparency.MD §"Checkpoints", docs/performance.MD §Session cache; [roles](docs/security.MD#staff-roles)',
      ' * and [gone](docs/security.MD#no-such-anchor); bench/runs.MD "The dashboard\'s p99".',
      ' */',
    ]
      .join('\n')
      // written .MD here so that the scan of the tree below does not read these examples
      .replaceAll('.MD', '.md');
    const refs = sectionReferences('server/example.ts', source);
    expect(refs.map((r) => `${r.page} ${r.section}`)).toEqual([
      'docs/security.md Four-eyes approval',
      'docs/architecture.md How a request flows',
      'docs/operations.md Mail',
      'docs/operations.md Mail retention',
      'docs/operations.md No such part',
      'docs/transparency.md Checkpoints',
      'docs/performance.md Session cache',
      "bench/runs.md The dashboard's p99",
      'docs/security.md #staff-roles',
      'docs/security.md #no-such-anchor',
    ]);
    expect(refs.map(broken).filter(Boolean)).toEqual([
      'server/example.ts: docs/operations.md has no "No such part"',
      'server/example.ts: docs/security.md has no "#no-such-anchor"',
    ]);
  });

  it('every comment and page names sections that exist', () => {
    const refs = checkedFiles().flatMap((file) => sectionReferences(file));
    expect(refs.length).toBeGreaterThan(300);
    expect(refs.map(broken).filter(Boolean)).toEqual([]);
  });
});
