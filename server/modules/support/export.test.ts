/**
 * GET /api/support/export.csv (docs/integrations.md "Exports"): the staff's ticket list as CSV with
 * its status filter and order (newest first), the client by e-mail and name, the replies counted,
 * a formula-like message defused, and 403 for a role without `support.manage`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createClient, createTestUser } from '../../test/factories';
import { TICKETS_CSV_HEAD } from './export';

const { t, admin, inject, db } = useTestContext();

/** Opens a ticket as `c` with `message`, created at `createdAt`; answers its id. */
async function ticket(c: { headers: Record<string, string> }, message: string, createdAt: Date) {
  const res = await inject('POST', '/api/support', c.headers, { message });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await db().update(supportTickets).set({ createdAt }).where(eq(supportTickets.id, id));
  return id;
}

describe('GET /api/support/export.csv', () => {
  it('exports the tickets of a status, newest first, as the list shows them', async () => {
    const c = await createClient(t.app);
    const older = await ticket(c, '@SUM(A1:A9) where is my deposit?', new Date('2025-03-01T10:00:00Z'));
    const newer = await ticket(c, 'Second question', new Date('2025-03-02T10:00:00Z'));
    const closed = await ticket(c, 'Solved one', new Date('2025-03-03T10:00:00Z'));
    expect(
      (await inject('PUT', `/api/support/${newer}`, admin.headers, { reply: 'Looking into it' })).statusCode,
    ).toBe(200);
    expect(
      (await inject('PUT', `/api/support/${closed}`, admin.headers, { status: 'closed' })).statusCode,
    ).toBe(200);

    const { head, rows } = await readCsvExport(
      t.app,
      '/api/support/export.csv?status=open',
      admin.headers,
      'support-tickets.csv',
    );
    expect(head).toEqual(TICKETS_CSV_HEAD);
    const mine = rows.filter((r) => r['Client e-mail'] === c.email);
    expect(mine.map((r) => r.ID)).toEqual([newer, older]);
    expect(rows.map((r) => r.Status)).not.toContain('closed');
    expect(mine[0]).toMatchObject({
      Replies: '1',
      'Opened (UTC)': '2025-03-02T10:00:00.000Z',
      'Closed (UTC)': '',
    });
    expect(mine[0]!['Last reply (UTC)']).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(mine[1]).toMatchObject({ Message: "'@SUM(A1:A9) where is my deposit?", Replies: '0' });
    expect(mine[1]!['Client name']).toMatch(/^Test /);

    // the list's order, for every ticket of the status
    expect(rows.map((r) => r.ID)).toEqual(await listIds(t.app, '/api/support?status=open', admin.headers));

    const all = await readCsvExport(t.app, '/api/support/export.csv', admin.headers, 'support-tickets.csv');
    expect(all.rows.find((r) => r.ID === closed)).toMatchObject({ Status: 'closed' });
  });

  it('refuses a role without support.manage', async () => {
    const finance = await createTestUser(t.app, { role: 'finance' });
    await expectExportRefused(t.app, '/api/support/export.csv', finance.headers);
  });
});
