/**
 * GET /api/mail/outbox/export.csv (docs/integrations.md "Exports"): the outbox of one status as
 * CSV, newest first as the page lists it, never a mail's text or HTML (they may hold a code), a
 * mail to staff masked for those who do not manage staff, a formula-like subject defused, and 403
 * for a role without `emailing.send`.
 */
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, listIds, readCsvExport } from '../../test/csv-export';
import { createTestUser } from '../../test/factories';
import { OUTBOX_CSV_HEAD } from './export';
import { STAFF_MAIL_SUBJECT } from './service';

const { t, admin, inject, db } = useTestContext();

describe('GET /api/mail/outbox/export.csv', () => {
  it('exports the mails of a status, newest first, without their bodies', async () => {
    const support = await createTestUser(t.app, { role: 'support' });
    const [older, newer, sent] = await db()
      .insert(mailOutbox)
      .values([
        {
          to: 'someone@example.com',
          subject: '=WEBSERVICE("http://evil.test")',
          text: 'Your code is 123456',
          html: '<p>Your code is 123456</p>',
          status: 'failed',
          attempts: 5,
          lastError: '550 mailbox unavailable',
          createdAt: new Date('2025-04-01T08:00:00Z'),
        },
        {
          to: support.email,
          subject: 'Your sign-in code',
          text: 'Your code is 654321',
          status: 'failed',
          attempts: 5,
          lastError: '421 try again later',
          createdAt: new Date('2025-04-02T08:00:00Z'),
        },
        { to: 'sent@example.com', subject: 'Welcome', text: 'Hi', status: 'sent', sentAt: new Date() },
      ])
      .returning();
    const url = '/api/mail/outbox/export.csv?status=failed';
    const { head, rows, body } = await readCsvExport(t.app, url, admin.headers, 'mail-outbox.csv').then(
      async (r) => ({ ...r, body: (await inject('GET', url, admin.headers)).body }),
    );
    expect(head).toEqual(OUTBOX_CSV_HEAD);
    expect(body).not.toMatch(/123456|654321/);
    const ids = rows.map((r) => r.ID);
    expect(ids).not.toContain(sent!.id);
    expect(ids.filter((id) => id === older!.id || id === newer!.id)).toEqual([newer!.id, older!.id]);
    expect(rows.find((r) => r.ID === older!.id)).toMatchObject({
      'Created (UTC)': '2025-04-01T08:00:00.000Z',
      To: 'someone@example.com',
      Subject: `'=WEBSERVICE("http://evil.test")`,
      Status: 'failed',
      Attempts: '5',
      'Last error': '550 mailbox unavailable',
      'Sent (UTC)': '',
    });
    expect(ids).toEqual(await listIds(t.app, '/api/mail/outbox?status=failed&pageSize=40', admin.headers));

    // a member without staff.manage reads a mail to staff as the page shows it to them
    const asSupport = await readCsvExport(t.app, url, support.headers, 'mail-outbox.csv');
    expect(asSupport.rows.find((r) => r.ID === newer!.id)).toMatchObject({
      Subject: STAFF_MAIL_SUBJECT,
      'Last error': '',
    });
    expect(rows.find((r) => r.ID === newer!.id)).toMatchObject({ Subject: 'Your sign-in code' });
  });

  it('refuses a role without emailing.send', async () => {
    const finance = await createTestUser(t.app, { role: 'finance' });
    await expectExportRefused(t.app, '/api/mail/outbox/export.csv', finance.headers);
  });
});
