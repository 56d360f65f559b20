/**
 * A statement's words (docs/transparency.md "Signed statements"): a period not over when it is
 * issued (the current month) states its balance "as of" the issue time, never a closing balance for
 * a day that has not ended; a past period keeps its closing balance; dates read "30 Nov 2026" and
 * "30 Nov 2026, 14:05 UTC", never ISO strings, and a plan loss reads "Loss".
 */
import { describe, expect, it } from 'vitest';
import { formatDay, formatUtcDateTime } from '@common/dates';
import { useTestContext } from '../../test/context';
import { createClient } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';
import { pdfText } from '../../test/pdf-text';

const { t, admin, inject } = useTestContext();
const { clientWithLoss } = planHelpers(t);

describe('the current month’s statement', () => {
  it('is "as of" its issue time, with dates for people and a loss typed Loss', async () => {
    const c = await clientWithLoss(admin);

    const before = new Date();
    const month = before.toISOString().slice(0, 7);
    const res = await inject('GET', `/api/transparency/statement?month=${month}`, c.headers);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).not.toContain('Closing balance');
    const asOf = /Balance as of (\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC): \$850\.00/.exec(text);
    expect(asOf).not.toBeNull();
    // the issue time, to the minute (the request may cross a minute's edge)
    expect([formatUtcDateTime(before), formatUtcDateTime(new Date())]).toContain(asOf![1]);
    expect(text).toContain(`Issued: ${asOf![1]}`);
    expect(text).toContain('not over yet');
    expect(text).toContain('This period is not over');
    expect(text).toContain(`${formatDay(before)} Loss · Loss on your Copy Trading plan`);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('a period already over keeps its closing balance on its last day', async () => {
    const c = await createClient(t.app);
    const res = await inject('GET', '/api/transparency/statement?month=2026-01', c.headers);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Closing balance on 31 Jan 2026: $0.00');
    expect(text).toContain('Period: 1 Jan 2026 to 31 Jan 2026 (UTC days, inclusive)');
    expect(text).not.toContain('as of');
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });
});
