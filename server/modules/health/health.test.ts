import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { CSP_DIRECTIVES } from '../../lib/security';
import { useBareTestContext } from '../../test/context';

const t = useBareTestContext();

describe('GET /api/health', () => {
  it('answers 200 with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { state: 'up' } });
  });

  it('answers 503 with the reason when the database does not answer', async () => {
    const ping = t.app.ctx.database.ping;
    t.app.ctx.database.ping = async () => ({ up: false, reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect([res.statusCode, res.headers['retry-after']]).toEqual([503, '5']);
      expect(res.json().database).toMatchObject({
        state: 'down',
        reason: 'connect ECONNREFUSED 127.0.0.1:5432',
      });
    } finally {
      t.app.ctx.database.ping = ping;
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  /** Runs `check` while the database's ping answers down. */
  async function whileDown(check: () => Promise<void>) {
    const ping = t.app.ctx.database.ping;
    t.app.ctx.database.ping = async () => ({ up: false, reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
    try {
      await check();
    } finally {
      t.app.ctx.database.ping = ping;
    }
  }

  it('live answers 200 without asking the database, also while it is down', async () => {
    await whileDown(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
    });
  });

  it('ready answers 200 with the migrations current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: { state: 'up' }, migrations: { state: 'current' } });
    expect(body.migrations.applied).toBeGreaterThanOrEqual(body.migrations.expected);
  });

  it('ready answers 503 with Retry-After while the database is down', async () => {
    await whileDown(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([res.statusCode, res.headers['retry-after']]).toEqual([503, '5']);
      expect(res.json()).toMatchObject({ status: 'unavailable', migrations: { state: 'unknown' } });
    });
  });

  it('ready answers 503 while the newest migration is not applied', async () => {
    const db = t.app.ctx.database.db;
    const [newest] = (
      await db.execute(
        sql`select id, created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows as Array<{ id: number; at: string }>;
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest!.id}`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([res.statusCode, res.headers['retry-after']]).toEqual([503, '5']);
      expect(res.json().migrations).toMatchObject({ state: 'behind', applied: Number(newest!.at) - 1 });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest!.at}::bigint where id = ${newest!.id}`,
      );
    }
  });
});

describe('security headers', () => {
  it('send a CSP that allows our origin and the widget hosts only, and refuses framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' https:\/\/s3\.tradingview\.com/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("carry exactly the headers helmet's own middleware sets, on API answers and on pages", async () => {
    const set = new Map<string, string>();
    const res = {
      setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => set.delete(name.toLowerCase()),
    };
    helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES }, hsts: false })(
      {} as never,
      res as never,
      () => {},
    );
    expect(set.size).toBeGreaterThan(10);
    for (const url of ['/api/health', '/api/user/me', '/']) {
      const answer = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of set) expect(answer.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});
