import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { buildApp } from '../../app';
import { auditLog, contactMessages } from '../../db/schema';
import { createSignedInUser, createTestContext } from '../../test/app';
import { useBareTestContext } from '../../test/context';

const t = useBareTestContext();

const send = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contacts', payload: payload as object });

describe('/api/contacts', () => {
  it('stores a message from a visitor', async () => {
    const res = await send({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      message: 'How do I open an account?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.messageSent);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.map((r) => r.email)).toContain('vera@example.com');
  });

  it.each([
    [{ email: 'a@b.co', message: 'hi' }, 'Name is required'],
    [{ name: 'A', message: 'hi' }, 'Email is required'],
    [{ name: 'A', email: 'a@b.co' }, 'Message is required'],
    [{ name: 'A', email: 'nope', message: 'hi' }, MSG.invalidEmail],
    [{ name: 'A', email: `${'a'.repeat(250)}@b.co`, message: 'hi' }, MSG.emailTooLong],
  ])('refuses %j with 400 and stores nothing', async (payload, message) => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('lets only admins list and delete', async () => {
    const client = await createSignedInUser(t.app);
    const admin = await createSignedInUser(t.app, { role: 'owner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contacts', headers: client.headers })).statusCode,
    ).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const id = list.json().data[0]._id as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${id}`, headers: client.headers }))
        .statusCode,
    ).toBe(403);
    const audits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'contact.delete'));
    expect(await audits()).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/contacts/${id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MSG.contactDeleted);
    expect(await audits()).toEqual([expect.objectContaining({ actorId: admin.id, targetId: id })]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/contacts/not-a-uuid', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect((await audits()).length).toBe(1);
  });
});

describe('rate limit', () => {
  const limited = useBareTestContext({ rateLimit: true });

  it('answers 429 after 5 messages from one IP in 10 minutes', async () => {
    const payload = { name: 'Spam', email: 'spam@example.com', message: 'again' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await limited.app.inject({ method: 'POST', url: '/api/contacts', payload })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('counts across API processes on one database', async () => {
    // a second process on the same database (same config, rate limits on)
    const second = await buildApp(limited.app.ctx.config, limited.database);
    await second.ready();
    try {
      const payload = { name: 'Spam', email: 'spam@example.com', message: 'again' };
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? limited.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/contacts',
          payload,
          remoteAddress: '192.0.2.44',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await second.close();
    }
  });

  it('counts by the connecting address: a forged X-Forwarded-For from a client does not reset it', async () => {
    // as in production: only the proxy on this host (loopback) is believed
    const behindProxy = await createTestContext({ rateLimit: true, trustProxy: 'loopback' });
    try {
      const payload = { name: 'Spam', email: 'spam@example.com', message: 'again' };
      const send = (remoteAddress: string, forwardedFor: string) =>
        behindProxy.app
          .inject({
            method: 'POST',
            url: '/api/contacts',
            payload,
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
          })
          .then((r) => r.statusCode);
      const direct: number[] = [];
      for (let i = 0; i < 6; i++) direct.push(await send('203.0.113.7', `198.51.100.${i}`));
      expect(direct).toEqual([201, 201, 201, 201, 201, 429]);
      // through the proxy, each forwarded client has its own count
      const proxied: number[] = [];
      for (let i = 0; i < 6; i++) proxied.push(await send('127.0.0.1', `198.51.100.${i}`));
      expect(proxied).toEqual([201, 201, 201, 201, 201, 201]);
    } finally {
      await behindProxy.close();
    }
  });
});
