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
      expect(res.statusCode).toBe(503);
      expect(res.json().database).toMatchObject({
        state: 'down',
        reason: 'connect ECONNREFUSED 127.0.0.1:5432',
      });
    } finally {
      t.app.ctx.database.ping = ping;
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
    helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES }, hsts: false })({} as never, res as never, () => {});
    expect(set.size).toBeGreaterThan(10);
    for (const url of ['/api/health', '/api/user/me', '/']) {
      const answer = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of set) expect(answer.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});
