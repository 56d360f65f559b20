/**
 * GET /api/contacts/export.csv (docs/integrations.md "Exports"): the contact-form messages as CSV,
 * newest first as the list shows them, without the sender's IP, a formula-like name defused, and
 * 403 for a role without `contacts.manage`.
 */
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createTestUser } from '../../test/factories';
import { CONTACTS_CSV_HEAD } from './export';

const { t, admin, db } = useTestContext();

describe('GET /api/contacts/export.csv', () => {
  it('exports every message, newest first, as the list shows them', async () => {
    const [older, newer] = await db()
      .insert(contactMessages)
      .values([
        {
          name: '+SUM(1,2)',
          email: 'older@example.com',
          message: 'Line one\nline "two", three',
          ip: '203.0.113.9',
          createdAt: new Date('2025-02-01T12:00:00Z'),
        },
        {
          name: 'Ada Lovelace',
          email: 'newer@example.com',
          message: 'Hello',
          ip: '203.0.113.9',
          createdAt: new Date('2025-02-02T12:00:00Z'),
        },
      ])
      .returning();
    const { head, rows } = await readCsvExport(
      t.app,
      '/api/contacts/export.csv',
      admin.headers,
      'contact-messages.csv',
    );
    expect(head).toEqual(CONTACTS_CSV_HEAD);
    const mine = rows.filter((r) => r.ID === older!.id || r.ID === newer!.id);
    expect(mine.map((r) => r.ID)).toEqual([newer!.id, older!.id]);
    expect(mine[1]).toEqual({
      'Received (UTC)': '2025-02-01T12:00:00.000Z',
      Name: "'+SUM(1,2)",
      'E-mail': 'older@example.com',
      Message: 'Line one\nline "two", three',
      ID: older!.id,
    });
    expect(rows.map((r) => r.ID)).toEqual(await listIds(t.app, '/api/contacts', admin.headers));
  });

  it('refuses a role without contacts.manage', async () => {
    const finance = await createTestUser(t.app, { role: 'finance' });
    await expectExportRefused(t.app, '/api/contacts/export.csv', finance.headers);
  });
});
