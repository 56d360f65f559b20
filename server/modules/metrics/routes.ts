/**
 * GET /api/metrics: Prometheus text format (docs/operations.md "Metrics"), for a scraper holding
 * METRICS_TOKEN as a bearer token; without the setting the route answers 404, with a wrong or no
 * token 401. Each app has its own registry (tests build many apps in one process):
 * - `http_request_duration_seconds` histogram by method, route pattern and status;
 * - `broker_db_pool_connections` (in use, idle) and `broker_db_pool_waiting` requests;
 * - `broker_ledger_entries_posted_total`, `broker_mails_total{outcome}`,
 *   `broker_scheduled_runs_total{task,outcome}` and `broker_session_cache_total{outcome}`
 *   (server/lib/metrics.ts);
 * - `broker_mail_outbox{status}`: mails queued and failed (lib/mail.ts), counted at each scrape;
 * - `broker_ledger_integrity_ok` and `broker_ledger_integrity_checked_at_seconds`: the latest
 *   integrity check (lib/metrics.ts), read at each scrape;
 * - Node's process metrics (CPU, memory, event loop lag, GC) from prom-client.
 * Registered on the root instance by `registerMetrics(app)` so its hook times every route.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { errorAnswerSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  ledgerEntriesPosted,
  mailsSent,
  registerIntegrityGauges,
  scheduledRuns,
  sessionCacheLookups,
} from '../../lib/metrics';
import { latestIntegrityCheck } from '../transparency/integrity';
import { declareRoutes } from '../../lib/declare-routes';

/** Whether `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Adds the request timer and GET /api/metrics to the root app. */
export function registerMetrics(app: AppInstance): void {
  const { config, database } = app.ctx;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(ledgerEntriesPosted);
  registry.registerMetric(mailsSent);
  registry.registerMetric(scheduledRuns);
  registry.registerMetric(sessionCacheLookups);
  registerIntegrityGauges(registry, () => latestIntegrityCheck(database.db));
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'broker_db_pool_connections',
    help: 'PostgreSQL connections of this process by state (0 on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats();
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({
    name: 'broker_db_pool_waiting',
    help: 'Requests waiting for a PostgreSQL connection',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });

  new Gauge({
    name: 'broker_mail_outbox',
    help: 'Mails in the outbox waiting to be sent (queued) or given up on (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; n: number }>(
        database.db,
        sql`select status, count(*)::int as n from ${mailOutbox} where status in ('queued', 'failed') group by status`,
      );
      for (const status of ['queued', 'failed'])
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    // unmatched URLs share one label, so a scan of random paths cannot grow the series without bound
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  declareRoutes(app, ['operations']).get('/api/metrics', {
    summary: 'Answers the Prometheus metrics (bearer METRICS_TOKEN)',
    schema: {
      response: {
        200: {
          description: 'Prometheus text exposition format 0.0.4',
          content: { 'text/plain': { schema: z.string() } },
        },
        401: errorAnswerSchema.describe('No token, or not the METRICS_TOKEN'),
        404: errorAnswerSchema.describe('Metrics are off (no METRICS_TOKEN set)'),
        503: errorAnswerSchema.describe(
          'The database did not hand a connection in time for the figures read from it: try again',
        ),
      },
      security: [{ metricsToken: [] }],
    },
    config: { errorCodes: ['not_found', 'metrics_token_required', 'service_unavailable'] },
    handler: async (req, reply) => {
      if (!config.metricsToken) throw new AppError('not_found');
      if (!bearerMatches(req.headers.authorization, config.metricsToken)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('metrics_token_required');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
}
