/**
 * docs/integrations.md "API keys", tried as an integrator and as an attacker would: a key does what
 * its permissions allow and nothing else (not client routes, not four-eyes decisions, not more than
 * its member's role today), from its networks only, until it expires or is revoked; creation needs
 * a fresh second factor and never stores or audits the secret. Revocation seen by another process:
 * server/test/sessions-two-processes.test.ts.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX } from '../auth/api-key-auth';
import { apiKeys, auditLog, users } from '../../db/schema';
import { UNKNOWN_ID } from '../../test/app';
import { useBefore, useTestContext } from '../../test/context';
import {
  confirmSessionByPasskey,
  createApiKey,
  createClient,
  createTestUser,
  enrolTwoFactor,
  submitDeposit,
} from '../../test/factories';
import { holdLargeCredit } from '../../test/four-eyes';

const { t, admin, inject, db } = useTestContext();
// the owner who makes keys through the route has two-factor on (its secret, for codes)
const enrolled = useBefore(async () => ({ secret: await enrolTwoFactor(t.app, admin) }));

const DAY_MS = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString();
const newKey = (over: Record<string, unknown> = {}) => ({
  name: 'CRM sync',
  permissions: ['clients.read', 'deposits.review'],
  expiresAt: inDays(30),
  ...over,
});

/** Creates a key through the route (a fresh passkey confirmation first); answers its id and bearer. */
async function keyFromRoute(over: Record<string, unknown> = {}) {
  await confirmSessionByPasskey(db(), admin);
  const res = await inject('POST', '/api/api-keys', admin.headers, newKey(over));
  expect(res.statusCode, res.body).toBe(201);
  const { key, secret } = res.json().data as { key: { id: string }; secret: string };
  return { id: key.id, secret, headers: { authorization: `Bearer ${secret}` } };
}

describe('creating a key', () => {
  it('needs two-factor or a passkey, then a fresh code; the secret is shown once and kept as its SHA-256', async () => {
    const without = await createTestUser(t.app, { role: 'owner' });
    await confirmSessionByPasskey(db(), without);
    expect((await inject('POST', '/api/api-keys', without.headers, newKey())).json().code).toBe(
      'api_key_second_factor_needed',
    );
    const bare = await inject('POST', '/api/api-keys', admin.headers, newKey());
    expect([bare.statusCode, bare.json().code]).toEqual([403, 'reverification_required']);
    const wrong = await inject('POST', '/api/api-keys', admin.headers, newKey({ code: '000000' }));
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'invalid_authentication_code']);

    const code = await generate({ secret: enrolled.secret });
    const res = await inject('POST', '/api/api-keys', admin.headers, newKey({ code }));
    expect(res.statusCode, res.body).toBe(201);
    const { key, secret: apiSecret } = res.json().data as {
      key: { id: string; prefix: string };
      secret: string;
    };
    expect(apiSecret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(apiSecret.startsWith(key.prefix)).toBe(true);
    expect(res.json().message).toBe('API key created. Copy it now: it is not shown again');

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(apiSecret).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(apiSecret.slice(10));
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audited.map((a) => a.action)).toEqual(['api_key.create']);
    expect(JSON.stringify(audited)).not.toContain(apiSecret.slice(10));

    const list = await inject('GET', '/api/api-keys', admin.headers);
    expect(list.body).not.toContain(apiSecret.slice(10));
    const listed = (list.json().data as { id: string; status: string; member: { id: string } }[]).find(
      (k) => k.id === key.id,
    );
    expect(listed).toMatchObject({ status: 'active', member: { id: admin.id } });
    // the code was used: the same one again is refused as used, and a passkey confirmation is one use
    const again = await inject('POST', '/api/api-keys', admin.headers, newKey({ code }));
    expect(again.json().code).toBe('authentication_code_used');
  });

  it('refuses what no key may hold, a past or too-distant expiry, and a range with host bits', async () => {
    for (const [over, code] of [
      [{ permissions: ['approvals.decide'] }, 'api_key_not_grantable'],
      [{ permissions: ['staff.manage', 'clients.read'] }, 'api_key_not_grantable'],
      [{ permissions: ['apiKeys.manage'] }, 'api_key_not_grantable'],
      [{ expiresAt: inDays(-1) }, 'api_key_expiry_invalid'],
      [{ expiresAt: inDays(366) }, 'api_key_expiry_invalid'],
      [{ allowedNetworks: ['10.0.0.5/8'] }, 'api_key_network_invalid'],
    ] as const) {
      await confirmSessionByPasskey(db(), admin);
      const res = await inject('POST', '/api/api-keys', admin.headers, newKey(over));
      expect([res.statusCode, res.json().code], JSON.stringify(over)).toEqual([400, code]);
    }
    const refused = await inject(
      'POST',
      '/api/api-keys',
      admin.headers,
      newKey({ permissions: ['approvals.decide'] }),
    );
    expect(refused.json().message).toBe('These permissions cannot be given to an API key: approvals.decide');
  });
});

describe('calling with a key', () => {
  it('approves a deposit with deposits.review, audited with the key beside its member; 403 without it', async () => {
    const key = await keyFromRoute();
    const client = await createClient(t.app);
    const deposit = await submitDeposit(t.app, client, 100);
    const narrow = await keyFromRoute({ permissions: ['clients.read'] });
    const refused = await inject('PUT', `/api/deposits/${deposit}/approve`, narrow.headers, {});
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'api_key_scope']);

    const res = await inject('PUT', `/api/deposits/${deposit}/approve`, key.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deposit.approve'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(row).toMatchObject({ actorId: admin.id, actorKeyId: key.id, targetUserId: client.id });
    // the audit log's reader sees the key beside the member
    const log = await inject('GET', '/api/audit?action=deposit.approve', admin.headers);
    const entry = (log.json().data as { targetId: string; apiKey: unknown; actor: { _id: string } }[]).find(
      (e) => e.targetId === deposit,
    );
    expect(entry).toMatchObject({ actor: { _id: admin.id }, apiKey: { id: key.id, name: 'CRM sync' } });
    const [used] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('serves the staff scope only: client routes, key management and a session route answer 403', async () => {
    const key = await createApiKey(db(), admin.id, ['clients.read']);
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['GET', '/api/notifications/user'],
      ['GET', '/api/auth/sessions'],
    ] as const) {
      const res = await inject(method, url, key.headers);
      expect([res.statusCode, res.json().code], url).toEqual([403, 'api_key_not_allowed']);
    }
    const mint = await inject('POST', '/api/api-keys', key.headers, newKey());
    expect([mint.statusCode, mint.json().code]).toEqual([403, 'api_key_scope']);
    expect((await inject('GET', '/api/user/admin', key.headers)).statusCode).toBe(200);
  });

  it('holds a large action for four-eyes with its member as the maker: the member cannot approve it', async () => {
    const key = await createApiKey(db(), admin.id, ['ledger.adjust', 'clients.read']);
    const client = await createClient(t.app);
    const id = await holdLargeCredit(inject, client.id, key.headers);
    const own = await inject('POST', `/api/approvals/${id}/approve`, admin.headers);
    expect(own.statusCode).toBe(409);
    const other = await createTestUser(t.app, { role: 'owner' });
    expect((await inject('POST', `/api/approvals/${id}/approve`, other.headers)).statusCode).toBe(200);
  });

  it('is never a four-eyes checker, even with approvals.decide written into its row by hand', async () => {
    const key = await createApiKey(db(), admin.id, ['approvals.decide', 'clients.read']);
    const res = await inject('POST', `/api/approvals/${UNKNOWN_ID}/approve`, key.headers, {});
    expect([res.statusCode, res.json().code]).toEqual([403, 'api_key_scope']);
  });

  it('holds no more than its member has today: demoted, deactivated or blocked, the key stops', async () => {
    const member = await createTestUser(t.app, { role: 'owner' });
    const key = await createApiKey(db(), member.id, ['deposits.review', 'clients.read']);
    expect((await inject('GET', '/api/user/admin', key.headers)).statusCode).toBe(200);
    await db().update(users).set({ role: 'support' }).where(eq(users.id, member.id));
    const client = await createClient(t.app);
    const deposit = await submitDeposit(t.app, client, 50);
    const demoted = await inject('PUT', `/api/deposits/${deposit}/approve`, key.headers, {});
    expect([demoted.statusCode, demoted.json().code]).toEqual([403, 'role_not_allowed']);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await inject('GET', '/api/user/admin', key.headers)).json().code).toBe('staff_deactivated');
    await db().update(users).set({ banned: true }).where(eq(users.id, member.id));
    expect((await inject('GET', '/api/user/admin', key.headers)).json().code).toBe('account_blocked');
  });

  it('answers only from its networks', async () => {
    const key = await createApiKey(db(), admin.id, ['clients.read'], {
      allowedNetworks: ['10.0.0.0/8', '2001:db8::/32'],
    });
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/admin', headers: key.headers, remoteAddress });
    expect((await from('127.0.0.1')).json().code).toBe('api_key_network_refused');
    expect((await from('192.168.1.1')).statusCode).toBe(403);
    expect((await from('10.20.30.40')).statusCode).toBe(200);
    expect((await from('::ffff:10.1.1.1')).statusCode).toBe(200);
    expect((await from('2001:db8::7')).statusCode).toBe(200);
    // each refusal is in the audit log, with the key beside its member
    const refused = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, key.id))
      .orderBy(auditLog.createdAt);
    expect(refused.map((a) => [a.action, a.actorId, a.actorKeyId, a.after])).toEqual([
      ['api_key.network_refused', admin.id, key.id, { ip: '127.0.0.1', asked: 'GET /api/user/admin' }],
      ['api_key.network_refused', admin.id, key.id, { ip: '192.168.1.1', asked: 'GET /api/user/admin' }],
    ]);
  });

  it('is refused once expired, and at its next call once revoked (with a reason, audited, once)', async () => {
    const expired = await createApiKey(db(), admin.id, ['clients.read'], {
      createdAt: new Date(Date.now() - 2 * DAY_MS),
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await inject('GET', '/api/user/admin', expired.headers);
    expect([late.statusCode, late.json().code]).toEqual([401, 'api_key_expired']);

    const key = await createApiKey(db(), admin.id, ['clients.read']);
    expect((await inject('GET', '/api/user/admin', key.headers)).statusCode).toBe(200);
    const revoke = (id: string) =>
      inject('POST', `/api/api-keys/${id}/revoke`, admin.headers, { reason: 'The CRM was retired' });
    expect((await revoke(key.id)).json().message).toBe('API key revoked');
    const after = await inject('GET', '/api/user/admin', key.headers);
    expect([after.statusCode, after.json().code]).toEqual([401, 'api_key_revoked']);
    expect((await revoke(key.id)).json().code).toBe('api_key_already_revoked');
    expect((await revoke(UNKNOWN_ID)).statusCode).toBe(404);
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audited.map((a) => [a.action, a.after])).toEqual([
      ['api_key.revoke', { reason: 'The CRM was retired' }],
    ]);
    const listed = (await inject('GET', '/api/api-keys', admin.headers)).json().data as {
      id: string;
      status: string;
    }[];
    expect(listed.find((k) => k.id === key.id)?.status).toBe('revoked');
    expect(listed.find((k) => k.id === expired.id)?.status).toBe('expired');
  });

  it('is no credential at all with one character changed, and never a session', async () => {
    const key = await createApiKey(db(), admin.id, ['clients.read']);
    const changed = key.secret.slice(0, -1) + (key.secret.endsWith('A') ? 'B' : 'A');
    const res = await inject('GET', '/api/user/admin', { authorization: `Bearer ${changed}` });
    expect([res.statusCode, res.json().code]).toEqual([401, 'not_signed_in']);
  });
});
