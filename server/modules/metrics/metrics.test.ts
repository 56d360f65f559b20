/**
 * GET /api/metrics (docs/operations.md "Metrics"): refused without its token, off without the
 * setting, and with it Prometheus text that a parser accepts, holding the request histogram (the
 * route pattern, never the raw URL), the pool gauges and the ledger and mail counters.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { useBareTestContext } from '../../test/context';
import { createAdmin, createClient } from '../../test/factories';

const TOKEN = 'metrics-token-for-tests-0123456789';
const t = useBareTestContext({ metricsToken: TOKEN });
const off = useBareTestContext();

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('is refused without the token, and off without the setting', async () => {
    for (const header of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    const res = await off.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers Prometheus text with requests by route pattern, the pool and the ledger', async () => {
    const admin = await createAdmin(t.app);
    const c = await createClient(t.app);
    const credit = { direction: 'credit', amount: 5, reason: 'Metrics test' };
    const url = `/api/user/admin/account/${c.id}/adjustments`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: credit })).statusCode,
    ).toBe(201);
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-7f3a' });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(res.body);
    const byName = new Map(families.map((f) => [f.name, f]));

    const http = byName.get('http_request_duration_seconds')!;
    expect(http.type).toBe('HISTOGRAM');
    // the parser keeps a histogram's buckets but not its labels: read those from the text
    expect(res.body).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/user/admin/account/:id/adjustments",status_code="201"} 1',
    );
    expect(res.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
    expect(http.metrics.every((m) => m.buckets?.['+Inf'] !== undefined)).toBe(true);
    expect(res.body).not.toContain(c.id);

    expect(byName.get('broker_db_pool_connections')?.type).toBe('GAUGE');
    expect(byName.get('broker_db_pool_waiting')?.type).toBe('GAUGE');
    const posted = byName.get('broker_ledger_entries_posted_total')!;
    expect(Number(posted.metrics[0]?.value)).toBeGreaterThanOrEqual(1);
    expect(byName.get('broker_mails_total')?.type).toBe('COUNTER');
    expect(byName.get('broker_scheduled_runs_total')?.type).toBe('COUNTER');
    expect(res.body).toMatch(/^broker_mail_outbox\{status="failed"\} 0$/m);
    expect(byName.get('process_cpu_seconds_total')?.type).toBe('COUNTER');
  });
});
