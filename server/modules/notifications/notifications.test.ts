import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { auditRowsOf, expectAnswer, expectAuditAdded } from '../../test/expect';
import { createClient } from '../../test/factories';
import { UNKNOWN_ID } from '../../test/app';

const { t, admin, inject } = useTestContext();
const auditRows = (action: string) => auditRowsOf(t, action);
const send = (userId: string, over: Record<string, unknown> = {}) =>
  inject('POST', '/api/notifications', admin.headers, {
    userId,
    title: 'Account update',
    message: 'Hello',
    ...over,
  });

describe('POST /api/notifications (admin)', () => {
  it('refuses a visitor (401) and a client (403)', async () => {
    const c = await createClient(t.app);
    expect(
      (await inject('POST', '/api/notifications', {}, { userId: c.id, title: 'x', message: 'y' })).statusCode,
    ).toBe(401);
    expect(
      (await inject('POST', '/api/notifications', c.headers, { userId: c.id, title: 'x', message: 'y' }))
        .statusCode,
    ).toBe(403);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id))).toEqual(
      [],
    );
  });

  it.each([
    [{ title: '' }, MSG.required('Title')],
    [{ title: undefined }, MSG.required('Title')],
    [{ message: '   ' }, MSG.required('Message')],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ userId: 'nope' }, 'Invalid id'],
  ])('refuses %j with 400', async (over, message) => {
    const c = await createClient(t.app);
    const res = await send(c.id, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const before = (await auditRows('notification.create')).length;
    const res = await send(UNKNOWN_ID);
    expect(res.statusCode).toBe(404);
    expect((await auditRows('notification.create')).length).toBe(before);
  });

  it('stores the text as given, e-mails it HTML-escaped and writes one audit row', async () => {
    const c = await createClient(t.app);
    const title = '<b>Bold</b> & "quoted"';
    const message = '<script>alert(1)</script>\nline two';
    const before = (await auditRows('notification.create')).length;
    const res = await send(c.id, { title, message });
    expectAnswer(res, 201, MESSAGING_MSG.notificationSent, { userId: c.id, title, message, readAt: null });

    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe(title);
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>line two');
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;');

    await expectAuditAdded(t, 'notification.create', before, {
      actorId: admin.id,
      targetUserId: c.id,
      targetId: res.json().data._id,
    });
  });
});

describe('GET /api/notifications/user and PUT /api/notifications/user/read', () => {
  it('refuses a visitor', async () => {
    expect((await inject('GET', '/api/notifications/user')).statusCode).toBe(401);
    expect((await inject('PUT', '/api/notifications/user/read')).statusCode).toBe(401);
  });

  it('lists only the client’s own notices, newest first, with the unread count; reading clears it', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    await send(c.id, { title: 'First' });
    await send(c.id, { title: 'Second' });
    await send(other.id, { title: 'Not yours' });

    const list = await inject('GET', '/api/notifications/user', c.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().unread).toBe(2);
    expect(list.json().data.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);

    const read = await inject('PUT', '/api/notifications/user/read', c.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: MESSAGING_MSG.notificationsRead, unread: 0 });
    const after = await inject('GET', '/api/notifications/user', c.headers);
    expect(after.json().unread).toBe(0);
    expect(after.json().data.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    // the other client's notice is untouched
    expect((await inject('GET', '/api/notifications/user', other.headers)).json().unread).toBe(1);
  });
});

describe('GET /api/notifications?userId= (admin)', () => {
  it('refuses a visitor and a client; 400 without a valid userId', async () => {
    const c = await createClient(t.app);
    expect((await inject('GET', `/api/notifications?userId=${c.id}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/notifications?userId=${c.id}`, c.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/notifications', admin.headers)).statusCode).toBe(400);
    expect((await inject('GET', '/api/notifications?userId=x', admin.headers)).statusCode).toBe(400);
  });

  it('answers that user’s notifications', async () => {
    const c = await createClient(t.app);
    await send(c.id, { title: 'For the admin list' });
    const res = await inject('GET', `/api/notifications?userId=${c.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ userId: c.id, title: 'For the admin list' })]);
  });
});

describe('DELETE /api/notifications/:id', () => {
  it('lets the owner delete (no audit row), refuses a visitor and another client', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    const id = (await send(c.id)).json().data._id as string;
    const audits = (await auditRows('notification.delete')).length;
    expect((await inject('DELETE', `/api/notifications/${id}`)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/notifications/${id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/notifications/not-a-uuid', c.headers)).statusCode).toBe(400);
    const del = await inject('DELETE', `/api/notifications/${id}`, c.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MESSAGING_MSG.notificationDeleted);
    expect((await inject('DELETE', `/api/notifications/${id}`, c.headers)).statusCode).toBe(404);
    expect((await auditRows('notification.delete')).length).toBe(audits);
  });

  it('lets an admin delete any notification with one audit row', async () => {
    const c = await createClient(t.app);
    const id = (await send(c.id, { title: 'To delete' })).json().data._id as string;
    const before = (await auditRows('notification.delete')).length;
    const del = await inject('DELETE', `/api/notifications/${id}`, admin.headers);
    expect(del.statusCode).toBe(200);
    await expectAuditAdded(t, 'notification.delete', before, {
      actorId: admin.id,
      targetUserId: c.id,
      targetId: id,
      before: { title: 'To delete' },
    });
    expect((await inject('DELETE', `/api/notifications/${id}`, admin.headers)).statusCode).toBe(404);
    expect((await auditRows('notification.delete')).length).toBe(before + 1);
  });
});
