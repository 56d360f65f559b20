/**
 * GET /api/reviews/export.csv (docs/integrations.md "Exports"): the pending deposits and
 * withdrawals as CSV with the queue's date filter and order (oldest first), amounts in USD, the
 * destination masked as the queue shows it, a formula-like client name defused, and 403 for a role
 * without `deposits.review`.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deposits, users, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createClient, createTestUser, submitDeposit, submitWithdrawal } from '../../test/factories';
import { REVIEWS_CSV_HEAD } from './export';

const { t, admin, db } = useTestContext();

describe('GET /api/reviews/export.csv', () => {
  it('exports the pending requests of the days asked, oldest first, as the queue lists them', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 10_000_00n });
    await db().update(users).set({ firstName: '=cmd|"/c calc"!A1' }).where(eq(users.id, c.id));
    const late = await submitDeposit(t.app, c, 250);
    const early = await submitWithdrawal(t.app, c, 12.5, 'bank');
    const outside = await submitDeposit(t.app, c, 300);
    // two on 2025-05-05 (the withdrawal first), one the day after
    await db()
      .update(withdrawals)
      .set({ createdAt: new Date('2025-05-05T08:00:00Z') })
      .where(eq(withdrawals.id, early));
    await db()
      .update(deposits)
      .set({ createdAt: new Date('2025-05-05T09:00:00Z') })
      .where(eq(deposits.id, late));
    await db()
      .update(deposits)
      .set({ createdAt: new Date('2025-05-06T09:00:00Z') })
      .where(inArray(deposits.id, [outside]));

    const query = '?from=2025-05-05&to=2025-05-05';
    const { head, rows } = await readCsvExport(
      t.app,
      `/api/reviews/export.csv${query}`,
      admin.headers,
      'pending-reviews.csv',
    );
    expect(head).toEqual(REVIEWS_CSV_HEAD);
    expect(rows.map((r) => r.ID)).toEqual([early, late]);
    expect(rows[0]).toMatchObject({
      'Sent (UTC)': '2025-05-05T08:00:00.000Z',
      Kind: 'bank-withdrawal',
      'Amount (USD)': '12.50',
      'Client e-mail': c.email,
      'Client name': expect.stringMatching(/^'=cmd\|"\/c calc"!A1 /),
      'Client blocked': 'no',
      'New destination': 'yes',
    });
    expect(rows[0]!.Destination).toMatch(/\d{4}/);
    expect(rows[1]).toMatchObject({ Kind: 'deposit', 'Amount (USD)': '250.00', Destination: '' });

    // the same requests, in the same order, as the queue's page
    expect(rows.map((r) => r.ID)).toEqual(
      await listIds(t.app, `/api/reviews/pending${query}&pageSize=40`, admin.headers),
    );
  });

  it('refuses a role without deposits.review', async () => {
    const support = await createTestUser(t.app, { role: 'support' });
    await expectExportRefused(t.app, '/api/reviews/export.csv', support.headers);
  });
});
