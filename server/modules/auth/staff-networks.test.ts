/**
 * Staff from known networks only (docs/security.md "Staff networks"): STAFF_ALLOWED_NETWORKS parsed
 * by ipaddr.js (a bad list stops the start), every staff route and the staff sign-in refused from
 * other addresses with 403 `staff_network_refused` and an audit row; clients are not concerned.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog, sessions } from '../../db/schema';
import { formatNetworks, inNetworks, parseNetworks } from '../../lib/networks';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/app';

describe('STAFF_ALLOWED_NETWORKS', () => {
  it('parses IPv4 and IPv6 ranges and bare addresses; empty means any network', () => {
    const nets = parseNetworks(' 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32, ::1 ');
    expect(formatNetworks(nets)).toEqual(['10.0.0.0/8', '192.0.2.7/32', '2001:db8::/32', '::1/128']);
    expect(parseNetworks('')).toEqual([]);
    expect(parseNetworks(' , ')).toEqual([]);
    expect(inNetworks('203.0.113.9', [])).toBe(true);
  });

  it('matches addresses by range, IPv4-mapped IPv6 as IPv4, and never an unparsable one', () => {
    const nets = parseNetworks('10.0.0.0/8,2001:db8::/32');
    expect(inNetworks('10.255.1.2', nets)).toBe(true);
    expect(inNetworks('11.0.0.1', nets)).toBe(false);
    expect(inNetworks('::ffff:10.1.2.3', nets)).toBe(true);
    expect(inNetworks('::ffff:11.1.2.3', nets)).toBe(false);
    expect(inNetworks('2001:db8:ffff::1', nets)).toBe(true);
    expect(inNetworks('2001:db9::1', nets)).toBe(false);
    expect(inNetworks('not an address', nets)).toBe(false);
    expect(inNetworks('', nets)).toBe(false);
  });

  it('refuses a malformed entry or one with host bits set, and the server does not start', () => {
    expect(() => parseNetworks('10.0.0.5/8')).toThrow(/host bits set: write 10\.0\.0\.0\/8/);
    for (const bad of [
      '10.0.0.0/33',
      '10.1/16',
      '0x0a.0.0.0/8',
      'intranet',
      '2001:db8::/129',
      '10.0.0.0/8/1',
    ])
      expect(() => parseNetworks(bad), bad).toThrow(/is not an IPv4 or IPv6 address or CIDR range/);
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(() => loadConfig({ DATA_DIR: dir, STAFF_ALLOWED_NETWORKS: '10.0.0.0/8, office' })).toThrow(
      /STAFF_ALLOWED_NETWORKS: "office" is not/,
    );
    const ok = loadConfig({ DATA_DIR: dir, STAFF_ALLOWED_NETWORKS: '10.0.0.0/8' });
    expect(formatNetworks(ok.staffAllowedNetworks!)).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ DATA_DIR: dir }).staffAllowedNetworks).toEqual([]);
  });
});

describe('staff routes from other networks', () => {
  let t: TestContext;
  beforeAll(async () => {
    // 127.0.0.1 (inject's default address) is allowed, so the users below can sign in
    t = await createTestContext({
      staffAllowedNetworks: parseNetworks('127.0.0.1, 10.0.0.0/8, 2001:db8::/32'),
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });
  /** A sign-in (POST `url`, /api/auth/signin with or without ?as=admin) of `u` from `remoteAddress`. */
  const signin = (url: string, u: { email: string; password: string }, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload: { email: u.email, password: u.password }, remoteAddress });

  it('answers staff from an allowed network, IPv4 or IPv6', async () => {
    const owner = await createSignedInUser(t.app, { role: 'owner' });
    expect((await get('/api/user/admin', owner.headers, '10.20.30.40')).statusCode).toBe(200);
    expect((await get('/api/user/admin', owner.headers, '2001:db8:1::9')).statusCode).toBe(200);
    const list = await get('/api/staff', owner.headers, '127.0.0.1');
    expect(list.json().allowedNetworks).toEqual(['127.0.0.1/32', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('refuses staff from any other address with 403 staff_network_refused, audited', async () => {
    const owner = await createSignedInUser(t.app, { role: 'owner' });
    for (const [url, ip] of [
      ['/api/user/admin', '192.0.2.50'],
      ['/api/staff', '2001:db9::1'],
      ['/api/audit', '::ffff:192.0.2.51'],
    ] as const) {
      const res = await get(url, owner.headers, ip);
      expect(res.statusCode, `${url} from ${ip}`).toBe(403);
      expect(res.json().code).toBe('staff_network_refused');
    }
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, owner.id), eq(auditLog.action, 'staff.network_refused')));
    expect(rows.map((r) => r.ip).sort()).toEqual(['192.0.2.50', '2001:db9::1', '::ffff:192.0.2.51']);
    expect(rows.find((r) => r.ip === '192.0.2.50')!.after).toEqual({
      ip: '192.0.2.50',
      asked: 'GET /api/user/admin',
    });
  });

  it('refuses the staff sign-in from another network and leaves no session', async () => {
    const finance = await createSignedInUser(t.app, { role: 'finance' });
    const before = await t.database.db.select().from(sessions).where(eq(sessions.userId, finance.id));
    const res = await signin('/api/auth/signin?as=admin', finance, '198.51.100.3');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('staff_network_refused');
    const after = await t.database.db.select().from(sessions).where(eq(sessions.userId, finance.id));
    expect(after.length).toBe(before.length);
  });

  it('does not concern clients', async () => {
    const client = await createSignedInUser(t.app);
    expect((await get('/api/auth/user', client.headers, '192.0.2.60')).statusCode).toBe(200);
    expect((await signin('/api/auth/signin', client, '192.0.2.60')).statusCode).toBe(200);
  });
});
