import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { notifications, supportReplies, supportTickets } from '../../db/schema';
import { type Headers, UNKNOWN_ID } from '../../test/app';
import { useBareTestContext, useTestContext } from '../../test/context';
import { auditRowsOf, expectAnswer, expectAuditAdded } from '../../test/expect';
import { createClient } from '../../test/factories';

const { t, admin, inject } = useTestContext();
const auditRows = (action: string) => auditRowsOf(t, action);
const open = async (headers: Headers, message = 'I need help with my deposit') => {
  const res = await inject('POST', '/api/support', headers, { message });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
};

describe('POST /api/support', () => {
  it('refuses a visitor', async () => {
    expect((await inject('POST', '/api/support', {}, { message: 'hi' })).statusCode).toBe(401);
  });

  it.each([
    [{}, MSG.required('Message')],
    [{ message: '' }, MSG.required('Message')],
    [{ message: '  \n ' }, MSG.required('Message')],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])(
    'refuses %j with 400 "Message is required"-style messages and stores nothing',
    async (payload, message) => {
      const c = await createClient(t.app);
      const res = await inject('POST', '/api/support', c.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(
        await t.database.db.select().from(supportTickets).where(eq(supportTickets.userId, c.id)),
      ).toEqual([]);
    },
  );

  it('opens a ticket with the seed’s answer', async () => {
    const c = await createClient(t.app);
    const res = await inject('POST', '/api/support', c.headers, { message: '  <b>Where</b> is my money?  ' });
    expectAnswer(res, 201, MSG.messageSent, {
      message: '<b>Where</b> is my money?',
      status: 'open',
      user: { _id: c.id, email: c.email },
      replies: [],
      closedAt: null,
    });
  });
});

describe('GET /api/support/user and POST /api/support/:id/replies', () => {
  it('shows only the client’s own tickets, newest first', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    await open(c.headers, 'first');
    await open(c.headers, 'second');
    await open(other.headers, 'not yours');
    expect((await inject('GET', '/api/support/user')).statusCode).toBe(401);
    const res = await inject('GET', '/api/support/user', c.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { message: string }) => x.message)).toEqual(['second', 'first']);
  });

  it('lets the client add to their own open ticket only', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    const id = await open(c.headers);
    expect((await inject('POST', `/api/support/${id}/replies`, {}, { message: 'x' })).statusCode).toBe(401);
    expect(
      (await inject('POST', `/api/support/${id}/replies`, other.headers, { message: 'x' })).statusCode,
    ).toBe(404);
    const empty = await inject('POST', `/api/support/${id}/replies`, c.headers, { message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.required('Message'));
    const ok = await inject('POST', `/api/support/${id}/replies`, c.headers, { message: 'More details' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.replies).toEqual([
      expect.objectContaining({ message: 'More details', fromSupport: false }),
    ]);

    await inject('PUT', `/api/support/${id}`, admin.headers, { status: 'closed' });
    const closed = await inject('POST', `/api/support/${id}/replies`, c.headers, { message: 'Again' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MESSAGING_MSG.ticketClosed);
  });
});

describe('admin: GET, PUT and DELETE /api/support', () => {
  it('refuses a visitor (401) and a client (403) on every admin route', async () => {
    const c = await createClient(t.app);
    const id = await open(c.headers);
    for (const [method, url, body] of [
      ['GET', '/api/support', undefined],
      ['PUT', `/api/support/${id}`, { status: 'closed' }],
      ['DELETE', `/api/support/${id}`, undefined],
    ] as const) {
      expect((await inject(method, url, {}, body)).statusCode).toBe(401);
      expect((await inject(method, url, c.headers, body)).statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row!.status).toBe('open');
  });

  it('lists tickets with the client’s id and e-mail and filters by status', async () => {
    const c = await createClient(t.app);
    const openId = await open(c.headers, 'still open');
    const closedId = await open(c.headers, 'to close');
    await inject('PUT', `/api/support/${closedId}`, admin.headers, { status: 'closed' });
    const all = (await inject('GET', '/api/support', admin.headers)).json().data as {
      _id: string;
      user: unknown;
    }[];
    expect(all.find((x) => x._id === openId)).toMatchObject({
      user: { _id: c.id, email: c.email },
      status: 'open',
    });
    const onlyOpen = (await inject('GET', '/api/support?status=open', admin.headers)).json().data as {
      _id: string;
    }[];
    expect(onlyOpen.map((x) => x._id)).toContain(openId);
    expect(onlyOpen.map((x) => x._id)).not.toContain(closedId);
    const onlyClosed = (await inject('GET', '/api/support?status=closed', admin.headers)).json().data as {
      _id: string;
    }[];
    expect(onlyClosed.map((x) => x._id)).toContain(closedId);
    expect((await inject('GET', '/api/support?status=maybe', admin.headers)).statusCode).toBe(400);
  });

  it('stores a reply, notifies the client in-app and by e-mail (HTML escaped), one audit row', async () => {
    const c = await createClient(t.app);
    const id = await open(c.headers);
    const before = (await auditRows('support.update')).length;
    const reply = 'We fixed it <script>alert("x")</script> & more';
    const res = await inject('PUT', `/api/support/${id}`, admin.headers, { reply });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGING_MSG.replySent, data: { status: 'open' } });
    expect(res.json().data.replies).toEqual([expect.objectContaining({ message: reply, fromSupport: true })]);

    const mine = (await inject('GET', '/api/support/user', c.headers)).json().data[0];
    expect(mine.replies[0].message).toBe(reply);
    const [notice] = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notice).toMatchObject({ title: MESSAGING_MSG.supportReplyTitle, message: reply });
    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe(MESSAGING_MSG.supportReplyTitle);
    expect(mail.text).toContain(reply);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');

    await expectAuditAdded(t, 'support.update', before, {
      actorId: admin.id,
      targetUserId: c.id,
      targetId: id,
      before: { status: 'open' },
      after: { status: 'open', reply },
    });
  });

  it('closes (closed_at set) and reopens with one audit row each; 400 with nothing to do; 404 unknown', async () => {
    const c = await createClient(t.app);
    const id = await open(c.headers);
    const before = (await auditRows('support.update')).length;
    const closed = await inject('PUT', `/api/support/${id}`, admin.headers, { status: 'closed', reply: '' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      message: MESSAGING_MSG.ticketUpdated,
      data: { status: 'closed', replies: [] },
    });
    expect(closed.json().data.closedAt).not.toBeNull();
    const reopened = await inject('PUT', `/api/support/${id}`, admin.headers, { status: 'open' });
    expect(reopened.json().data).toMatchObject({ status: 'open', closedAt: null });
    expect((await auditRows('support.update')).length).toBe(before + 2);

    for (const body of [{}, { reply: '  ' }, { status: 'pending' }]) {
      expect((await inject('PUT', `/api/support/${id}`, admin.headers, body)).statusCode).toBe(400);
    }
    const none = await inject('PUT', `/api/support/${id}`, admin.headers, {});
    expect(none.json().message).toBe('Please write a reply or choose a status');
    expect(
      (
        await inject('PUT', `/api/support/${UNKNOWN_ID}`, admin.headers, {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(404);
    expect((await auditRows('support.update')).length).toBe(before + 2);
  });

  it('deletes a ticket with its replies and one audit row', async () => {
    const c = await createClient(t.app);
    const id = await open(c.headers);
    await inject('PUT', `/api/support/${id}`, admin.headers, { reply: 'Answer' });
    const before = (await auditRows('support.delete')).length;
    const del = await inject('DELETE', `/api/support/${id}`, admin.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MESSAGING_MSG.ticketDeleted);
    expect(await t.database.db.select().from(supportReplies).where(eq(supportReplies.ticketId, id))).toEqual(
      [],
    );
    expect((await inject('DELETE', `/api/support/${id}`, admin.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/support/nope', admin.headers)).statusCode).toBe(400);
    await expectAuditAdded(t, 'support.delete', before, {
      actorId: admin.id,
      targetUserId: c.id,
      targetId: id,
    });
  });
});

describe('rate limit', () => {
  const limited = useBareTestContext({ rateLimit: true });

  it('answers 429 after 10 tickets from one user in 10 minutes; another user is not affected', async () => {
    const c = await createClient(limited.app);
    const other = await createClient(limited.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/support',
            headers: c.headers,
            payload: { message: `m${i}` },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([...Array(10).fill(201), 429]);
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: other.headers,
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(201);
  });
});
