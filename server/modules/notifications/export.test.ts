/**
 * GET /api/notifications/export.csv?userId= (docs/integrations.md "Exports"): one client's
 * notifications as CSV, newest first as the back-office list shows them, never another client's,
 * a formula-like title defused; 404 for a staff member named, 403 for a role without `clients.read`.
 */
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createClient, createTestUser } from '../../test/factories';
import { NOTIFICATIONS_CSV_HEAD } from './export';

const { t, admin, inject, db } = useTestContext();

describe('GET /api/notifications/export.csv', () => {
  it("exports one client's notifications, newest first, as the list shows them", async () => {
    const [c, other] = [await createClient(t.app), await createClient(t.app)];
    const [read, unread] = await db()
      .insert(notifications)
      .values([
        {
          userId: c.id,
          title: '@SUM(A1:A2)',
          message: 'Line one\nline "two"',
          createdAt: new Date('2025-04-01T08:00:00Z'),
          readAt: new Date('2025-04-02T08:00:00Z'),
        },
        {
          userId: c.id,
          title: 'Deposit approved',
          message: 'It is in',
          createdAt: new Date('2025-04-03T08:00:00Z'),
        },
        { userId: other.id, title: 'Not theirs', message: 'x', createdAt: new Date('2025-04-04T08:00:00Z') },
      ])
      .returning();
    const url = `/api/notifications/export.csv?userId=${c.id}`;
    const { head, rows } = await readCsvExport(t.app, url, admin.headers, 'notifications.csv');
    expect(head).toEqual(NOTIFICATIONS_CSV_HEAD);
    expect(rows).toEqual([
      {
        'Sent (UTC)': '2025-04-03T08:00:00.000Z',
        Title: 'Deposit approved',
        Message: 'It is in',
        'Read (UTC)': '',
        ID: unread!.id,
      },
      {
        'Sent (UTC)': '2025-04-01T08:00:00.000Z',
        Title: "'@SUM(A1:A2)",
        Message: 'Line one\nline "two"',
        'Read (UTC)': '2025-04-02T08:00:00.000Z',
        ID: read!.id,
      },
    ]);
    expect(rows.map((r) => r.ID)).toEqual(
      await listIds(t.app, `/api/notifications?userId=${c.id}`, admin.headers),
    );
  });

  it('answers 404 for a staff member, 400 without a client, 403 to a client (every staff role reads clients)', async () => {
    const member = await createTestUser(t.app, { role: 'support' });
    const staff = await inject('GET', `/api/notifications/export.csv?userId=${member.id}`, admin.headers);
    expect(staff.statusCode, staff.body).toBe(404);
    expect((await inject('GET', '/api/notifications/export.csv', admin.headers)).statusCode).toBe(400);
    const c = await createClient(t.app);
    await expectExportRefused(t.app, `/api/notifications/export.csv?userId=${c.id}`, c.headers);
  });
});
