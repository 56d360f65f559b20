import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient } from '../../test/factories';
import { UNKNOWN_ID } from '../../test/app';

const { t, admin } = useTestContext();

const post = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/admin/email', headers, payload: payload as object });
const auditRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.email'));

describe('POST /api/user/admin/email', () => {
  it('refuses a visitor (401) and a client (403) and sends nothing', async () => {
    const c = await createClient(t.app);
    const payload = { email: c.email, subject: 'Hi', message: 'Hello' };
    expect((await post({}, payload)).statusCode).toBe(401);
    expect((await post(c.headers, payload)).statusCode).toBe(403);
    expect(t.smtp.mails.filter((m) => m.to === c.email)).toEqual([]);
  });

  it.each([
    [{ subject: '' }, MSG.required('Subject')],
    [{ message: ' ' }, MSG.required('Message')],
    [{ message: undefined }, MSG.required('Message')],
    [{ subject: 'x'.repeat(201) }, 'Subject must be at most 200 characters'],
    [{ email: 'not-an-email' }, MSG.invalidEmail],
    [{ email: undefined }, 'Please select a user'],
  ])('refuses %j with 400', async (over, message) => {
    const c = await createClient(t.app);
    const res = await post(admin.headers, { email: c.email, subject: 'Hi', message: 'Hello', ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown client or an admin, and audits nothing', async () => {
    const before = (await auditRows()).length;
    for (const target of [{ email: 'nobody@example.com' }, { userId: UNKNOWN_ID }]) {
      const res = await post(admin.headers, { ...target, subject: 'Hi', message: 'Hello' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGING_MSG.userNotFound);
    }
    // a staff member is no client: the staff scope answers 404 (server/lib/targets.ts)
    const staffTarget = await post(admin.headers, { userId: admin.id, subject: 'Hi', message: 'Hello' });
    expect(staffTarget.statusCode).toBe(404);
    expect((await auditRows()).length).toBe(before);
  });

  it('mails that client only, by e-mail or id, with the HTML escaped, and writes one audit row each', async () => {
    const c = await createClient(t.app);
    const bystander = await createClient(t.app);
    const before = (await auditRows()).length;
    const subject = 'Your <b>account</b>';
    const message = '<script>alert(1)</script>\n<img src=x onerror=alert(2)>';
    const res = await post(admin.headers, { email: c.email.toUpperCase(), subject, message });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.emailSent, data: { userId: c.id, email: c.email } });

    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(message.split('\n')[0]);
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;img src=x onerror=alert(2)&gt;',
    );
    expect(t.smtp.mails.filter((m) => m.to === bystander.email)).toEqual([]);

    expect(
      (await post(admin.headers, { userId: c.id, subject: 'Second', message: 'By id' })).statusCode,
    ).toBe(200);
    expect((await t.smtp.waitForMail(c.email, { skip: 1 })).subject).toBe('Second');

    const rows = await auditRows();
    expect(rows.length).toBe(before + 2);
    expect(rows.at(-2)).toMatchObject({ actorId: admin.id, targetUserId: c.id, after: { subject } });
  });
});
