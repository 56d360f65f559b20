/**
 * docs/integrations.md "Client keys", tried as a client's script and as an attacker would: a
 * client's key reads that client's own history, statements and balances and nothing else (no other
 * client route, no change, no staff route, no new key), needs a second factor to create, tells the
 * client it exists, stays out of the owner's list, and stops at once when revoked or when its
 * client is blocked.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLIENT_KEY_SCOPE } from '@common/schemas/api-keys';
import { apiKeys, notifications, users } from '../../db/schema';
import { UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import {
  confirmSessionByPasskey,
  createApiKey,
  createClient,
  enrolTwoFactor,
  type TestUser,
} from '../../test/factories';

const { t, admin, inject, db } = useTestContext();
const DAY_MS = 86_400_000;
const body = { name: 'Budget app', expiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString() };

/** A client with two-factor on and a balance, and a key of theirs made through the route. */
async function clientWithKey(): Promise<{
  client: TestUser;
  id: string;
  headers: { authorization: string };
}> {
  const client = await createClient(t.app, { balance: 120_00n });
  await enrolTwoFactor(t.app, client);
  await confirmSessionByPasskey(db(), client);
  const res = await inject('POST', '/api/api-keys/mine', client.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  const { key, secret } = res.json().data as { key: { id: string }; secret: string };
  return { client, id: key.id, headers: { authorization: `Bearer ${secret}` } };
}

describe('a client key', () => {
  it('needs a second factor and a fresh confirmation; the client is told; the owner does not list it', async () => {
    const bare = await createClient(t.app);
    await confirmSessionByPasskey(db(), bare);
    expect((await inject('POST', '/api/api-keys/mine', bare.headers, body)).json().code).toBe(
      'api_key_second_factor_needed',
    );
    const { client, id } = await clientWithKey();
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.permissions).toEqual([CLIENT_KEY_SCOPE]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, client.id));
    expect(notices.map((n) => n.title)).toContain('API key created');
    const mail = await t.smtp.waitForMail(client.email, { subject: 'API key created' });
    expect(mail.text).toContain('A read-only API key "Budget app" was created on your account');
    const mine = (await inject('GET', '/api/api-keys/mine', client.headers)).json().data as { id: string }[];
    expect(mine.map((k) => k.id)).toEqual([id]);
    const owners = (await inject('GET', '/api/api-keys', admin.headers)).json().data as { id: string }[];
    expect(owners.map((k) => k.id)).not.toContain(id);
    // staff make their keys on their own page, never this one
    expect((await inject('POST', '/api/api-keys/mine', admin.headers, body)).json().code).toBe(
      'clients_only',
    );
  });

  it("reads the client's own history, statements and balances, and nothing else", async () => {
    const { client, headers } = await clientWithKey();
    const figures = await inject('GET', '/api/ledger/account', headers);
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().data.balance).toBe(120);
    for (const url of [
      '/api/transaction',
      '/api/transaction/all?page=1&pageSize=10',
      '/api/transaction/value-history?range=1M',
      '/api/transaction/export.csv',
      '/api/transparency/statements',
    ]) {
      const res = await inject('GET', url, headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/api/notifications/user'],
      ['GET', '/api/user/me'],
      ['GET', '/api/support/user'],
      ['GET', '/api/api-keys/mine'],
      ['POST', '/api/api-keys/mine'],
      ['POST', '/api/deposits'],
      ['PUT', '/api/notifications/user/read'],
    ] as const) {
      const res = await inject(method, url, headers, method === 'GET' ? undefined : body);
      expect([res.statusCode, res.json().code], `${method} ${url}`).toEqual([403, 'api_key_not_allowed']);
    }
    const staff = await inject('GET', '/api/user/admin', headers);
    expect(staff.statusCode).toBe(403);
    expect((await inject('GET', `/api/transaction/admin?userId=${client.id}`, headers)).statusCode).toBe(403);
  });

  it('is refused as a client key when it is a staff key, or its row was given staff permissions by hand', async () => {
    const staffKey = await createApiKey(db(), admin.id, ['clients.read']);
    const res = await inject('GET', '/api/transaction', staffKey.headers);
    expect([res.statusCode, res.json().code]).toEqual([403, 'api_key_not_allowed']);
    const { id, headers } = await clientWithKey();
    await db()
      .update(apiKeys)
      .set({ permissions: [CLIENT_KEY_SCOPE, 'deposits.review', 'clients.read'] })
      .where(eq(apiKeys.id, id));
    expect((await inject('GET', '/api/user/admin', headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/reviews/pending', headers)).statusCode).toBe(403);
  });

  it('stops at once when its client revokes it or is blocked; nobody else can revoke it', async () => {
    const a = await clientWithKey();
    const other = await clientWithKey();
    const revoke = (who: TestUser, id: string) =>
      inject('POST', `/api/api-keys/mine/${id}/revoke`, who.headers);
    expect((await revoke(other.client, a.id)).statusCode).toBe(404);
    expect((await revoke(a.client, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await inject('GET', '/api/transaction', a.headers)).statusCode).toBe(200);
    expect((await revoke(a.client, a.id)).json().message).toBe('API key revoked');
    const after = await inject('GET', '/api/transaction', a.headers);
    expect([after.statusCode, after.json().code]).toEqual([401, 'api_key_revoked']);
    expect((await revoke(a.client, a.id)).json().code).toBe('api_key_already_revoked');

    expect((await inject('GET', '/api/transaction', other.headers)).statusCode).toBe(200);
    await db().update(users).set({ banned: true }).where(eq(users.id, other.client.id));
    expect((await inject('GET', '/api/transaction', other.headers)).json().code).toBe('account_blocked');
  });
});
