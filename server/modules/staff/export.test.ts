/**
 * GET /api/staff/export.csv (docs/integrations.md "Exports"): the owner's staff list as CSV, by
 * last name as the list shows it, with each member's state and no secret, a formula-like name
 * defused, and 403 for a role without `staff.manage`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createClient, createTestUser } from '../../test/factories';
import { STAFF_CSV_HEAD } from './export';

const { t, admin, db } = useTestContext();

describe('GET /api/staff/export.csv', () => {
  it('exports every staff member by last name, never a client, with their state', async () => {
    const zed = await createTestUser(t.app, { role: 'support' });
    const abe = await createTestUser(t.app, { role: 'finance' });
    const client = await createClient(t.app);
    await db().update(users).set({ lastName: 'Aaronson', firstName: '=1+1' }).where(eq(users.id, abe.id));
    await db()
      .update(users)
      .set({ lastName: 'Zzyzx', deactivatedAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(users.id, zed.id));

    const { head, rows } = await readCsvExport(t.app, '/api/staff/export.csv', admin.headers, 'staff.csv');
    expect(head).toEqual(STAFF_CSV_HEAD);
    const ids = rows.map((r) => r.ID);
    expect(ids).not.toContain(client.id);
    expect(ids.indexOf(abe.id)).toBeLessThan(ids.indexOf(zed.id));
    expect(rows.find((r) => r.ID === abe.id)).toMatchObject({
      'Last name': 'Aaronson',
      'First name': "'=1+1",
      'E-mail': abe.email,
      Role: 'finance',
      'Two-factor': 'off',
      Status: 'invited',
    });
    expect(rows.find((r) => r.ID === zed.id)).toMatchObject({ Status: 'deactivated' });
    // signed in (the test user has a session): the last sign-in is a time
    expect(rows.find((r) => r.ID === admin.id)!['Last sign-in (UTC)']).toMatch(/Z$/);

    expect(ids).toEqual(await listIds(t.app, '/api/staff', admin.headers));
  });

  it('refuses a role without staff.manage', async () => {
    const finance = await createTestUser(t.app, { role: 'finance' });
    await expectExportRefused(t.app, '/api/staff/export.csv', finance.headers);
  });
});
