/**
 * GET /api/approvals/export.csv (docs/integrations.md "Exports"): the four-eyes queue as CSV with
 * the queue's filters (`status`, `clientId`) and order (pending oldest first, decided newest
 * first), people by e-mail and name, amounts in USD, a formula-like reason defused, and 403 for a
 * role without `approvals.decide`.
 */
import { describe, expect, it } from 'vitest';
import { approvalRequests } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { useStaff } from '../../test/four-eyes';
import { createClient } from '../../test/factories';
import { APPROVALS_CSV_HEAD } from './export';

const { t, admin, db } = useTestContext();
const staff = useStaff(t, { maker: 'finance', checker: 'finance', support: 'support' });

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 9, minutes));

describe('GET /api/approvals/export.csv', () => {
  it('exports the filtered queue in its order, with a formula-like reason defused', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    const request = (reason: string, createdAt: Date, amount: bigint, clientId = c.id) => ({
      action: 'adjustment',
      clientId,
      amount,
      payload: { op: 'adjustment', summary: `Credit adjustment for ${reason}` },
      reason,
      makerId: staff.maker.id,
      createdAt,
    });
    await db()
      .insert(approvalRequests)
      .values([
        request('second', at(5), 2_500_00n),
        request('=HYPERLINK("http://evil.test")', at(1), 1_234_56n),
        request('elsewhere', at(2), 9_000_00n, other.id),
        {
          ...request('rejected later', at(0), 3_000_00n),
          status: 'rejected',
          checkerId: staff.checker.id,
          decisionReason: 'No ticket',
          decidedAt: at(30),
        },
        {
          ...request('rejected first', at(3), 4_000_00n),
          status: 'rejected',
          checkerId: staff.checker.id,
          decisionReason: 'Duplicate',
          decidedAt: at(20),
        },
      ]);
    const url = '/api/approvals/export.csv';
    const pending = await readCsvExport(t.app, `${url}?clientId=${c.id}`, admin.headers, 'approvals.csv');
    expect(pending.head).toEqual(APPROVALS_CSV_HEAD);
    expect(pending.rows.map((r) => r.Reason)).toEqual(['\'=HYPERLINK("http://evil.test")', 'second']);
    expect(pending.rows[0]).toMatchObject({
      'Requested (UTC)': '2026-01-10T09:01:00.000Z',
      Action: 'adjustment',
      'Amount (USD)': '1234.56',
      Status: 'pending',
      'Client e-mail': c.email,
      'Maker e-mail': staff.maker.email,
      'Checker e-mail': '',
      'Decided (UTC)': '',
    });
    expect(pending.rows[0]!['Client name']).toMatch(/\S+ \S+/);

    const decided = await readCsvExport(
      t.app,
      `${url}?status=decided&clientId=${c.id}`,
      admin.headers,
      'approvals.csv',
    );
    // decided: newest decision first
    expect(decided.rows.map((r) => r['Decision reason'])).toEqual(['No ticket', 'Duplicate']);
    expect(decided.rows[0]).toMatchObject({
      Status: 'rejected',
      'Checker e-mail': staff.checker.email,
      'Decided (UTC)': '2026-01-10T09:30:00.000Z',
    });

    // the list's own order and filter: the same requests as the page, in the same order
    expect(pending.rows.map((r) => r.ID)).toEqual(
      await listIds(t.app, `/api/approvals?clientId=${c.id}&pageSize=40`, admin.headers),
    );
  });

  it('refuses a role without approvals.decide', async () => {
    await expectExportRefused(t.app, '/api/approvals/export.csv', staff.support.headers);
  });
});
