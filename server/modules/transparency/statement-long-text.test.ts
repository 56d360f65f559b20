/**
 * A statement never cuts a description (statement-pdf.ts): a line's reason, however long, wraps
 * over as many lines as it takes, whole, across page breaks; the signature covers the whole file,
 * so the file with the full text still verifies as authentic and one changed byte still fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '@common/schemas/statements';
import { useTestContext } from '../../test/context';
import { createClient, type TestUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { profitEntry } from '../../test/postings';
import { postRaw } from '../../test/raw-post';
import { postEntry } from '../ledger/service';

const { t, inject, db } = useTestContext();

/** A reason of exactly 600 characters: numbered words after `tag`, so a cut anywhere shows. */
function longReason(tag: string): string {
  const words = Array.from({ length: 150 }, (_, i) => `${tag}${String(i).padStart(3, '0')}`).join(' ');
  return `${words} and the end.`.slice(-600);
}

/** The PDF's text with every run of white space (a wrap included) as one space. */
const flat = (file: Buffer) => pdfText(file).replace(/\s+/g, ' ');

describe('statements with long reasons', () => {
  let c: TestUser;
  const reasons = Array.from({ length: 30 }, (_, i) => longReason(`r${i}x`));
  beforeAll(async () => {
    c = await createClient(t.app);
    let day = 1;
    for (const memo of reasons) {
      const effectiveAt = new Date(Date.UTC(2026, 9, Math.min(day, 28), 9));
      day += 1;
      await db().transaction((tx) => postEntry(tx, { ...profitEntry(c.id, 1_00n, memo), effectiveAt }));
    }
  });

  it('carries every 600-character reason whole, wrapped, over several pages, and still verifies', async () => {
    expect(reasons[0]).toHaveLength(600);
    const res = await inject('GET', '/api/transparency/statement?month=2026-10', c.headers);
    expect(res.statusCode).toBe(200);
    const file = res.rawPayload;
    const text = flat(file);
    for (const reason of reasons) expect(text).toContain(`Profit · ${reason}`);
    expect(text).not.toContain('...');
    // wrapped, not drawn past the column: no single drawn line holds a whole reason
    expect(
      pdfText(file)
        .split('\n')
        .every((line) => line.length < 200),
    ).toBe(true);
    expect(text).toMatch(/page 2 of \d+/);
    const ok = await postRaw(t.app, '/api/transparency/verify-statement', 'application/pdf', file);
    expect(ok.json()).toMatchObject({ authentic: true, reason: STATEMENT_MSG.authentic, closingBalance: 30 });
    const changed = Buffer.from(file);
    const at = Math.floor(file.length / 2);
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const bad = await postRaw(t.app, '/api/transparency/verify-statement', 'application/pdf', changed);
    expect(bad.json()).toMatchObject({ authentic: false, reason: STATEMENT_MSG.altered });
  });
});
