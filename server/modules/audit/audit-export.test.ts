/**
 * GET /api/audit/export.csv (docs/integrations.md "Exports"): the audit log as CSV with the list's
 * filters, every matching row newest first, the API key an action went through, snapshots as JSON,
 * and cells a spreadsheet would run as a formula defused. Read back by csv-parse, a parser that
 * shares nothing with our writer.
 */
import { describe, expect, it } from 'vitest';
import { useBefore, useTestContext } from '../../test/context';
import { expectExportRefused, readCsvExport } from '../../test/csv-export';
import { createApiKey, createClient, createTestUser } from '../../test/factories';

const { t, admin } = useTestContext();
const client = useBefore(() => createClient(t.app));

/** The export as records keyed by the header row; asserts a 200 CSV attachment. */
async function exported(query = '', headers = admin.headers) {
  return (await readCsvExport(t.app, `/api/audit/export.csv${query}`, headers, 'audit-log.csv')).rows;
}

describe('GET /api/audit/export.csv', () => {
  it('exports the filtered rows, newest first, with the key, the client and the snapshots', async () => {
    const key = await createApiKey(t.database.db, admin.id, ['clients.block', 'clients.read'], {
      name: 'Risk bot',
    });
    const block = (headers: Record<string, string>, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/admin/${client.id}/block`,
        headers,
        payload: { reason },
      });
    expect((await block(admin.headers, '=HYPERLINK("http://evil")')).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/user/admin/${client.id}/unblock`,
      headers: admin.headers,
    });
    expect((await block(key.headers, 'Chargeback pattern')).statusCode).toBe(200);

    const rows = await exported(`?targetUserId=${client.id}`);
    expect(rows.map((r) => r.Action)).toEqual(['user.block', 'user.unblock', 'user.block']);
    const [byKey, , byHand] = rows;
    expect(byKey).toMatchObject({
      'Staff e-mail': admin.email,
      'API key': expect.stringMatching(/^Risk bot \(bk_.{7}…\)$/),
      'Client e-mail': client.email,
      IP: '127.0.0.1',
    });
    expect(JSON.parse(byKey!.After!)).toMatchObject({ reason: 'Chargeback pattern' });
    expect(byHand!['API key']).toBe('');
    // the reason sits inside the JSON cell: no cell starts with a formula character
    expect(rows.flatMap((r) => Object.values(r)).filter((v) => /^[=+@\t\r]/.test(v))).toEqual([]);
    expect(new Date(byKey!['Time (UTC)']!).getTime()).toBeGreaterThanOrEqual(
      new Date(byHand!['Time (UTC)']!).getTime(),
    );
  });

  it('applies the action filter, and refuses a role without audit.read', async () => {
    const rows = await exported('?action=user.unblock');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.Action))).toEqual(new Set(['user.unblock']));
    const support = await createTestUser(t.app, { role: 'support' });
    await expectExportRefused(t.app, '/api/audit/export.csv', support.headers);
  });
});
