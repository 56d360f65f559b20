/** Contract journeys of operations: health and metrics, and the mail outbox (failed mails queued again). */
import { expect } from 'vitest';
import { failedMail } from '../app';
import { ask, bearer, METRICS_TOKEN, type Journey } from './journey';

/** GET /api/health, and GET /api/metrics without and with the token. */
export const healthAndMetrics: Journey = {
  name: 'health and metrics',
  async run({ t }) {
    await okOnceAnswered(t, '/api/health');
    await ask(t)('GET', '/api/metrics', {}, undefined, 401);
    await okOnceAnswered(t, '/api/metrics', bearer(METRICS_TOKEN));
  },
};

/**
 * GET `url` until it answers 200: a runner loaded enough to keep the database from answering in
 * time gets the documented 503 (health's 2 s probe, or no connection in time for the metrics'
 * figures), and a probe or a scraper asks again; up to 10 tries a second apart, each 503 or 200.
 */
async function okOnceAnswered(t: Parameters<typeof ask>[0], url: string, headers = {}) {
  for (let tries = 1; ; tries += 1) {
    const res = await ask(t)('GET', url, headers);
    if (res.statusCode === 200 || tries === 10) {
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return;
    }
    expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** A failed mail listed, queued again, and refused when queued twice. */
export const mailOutboxJourney: Journey = {
  name: 'mail outbox: failed mails, queue again',
  async run({ t, admin }) {
    const call = ask(t);
    const id = await failedMail(t.database.db);
    await call('GET', '/api/mail/outbox?status=failed&page=1&pageSize=10', admin.headers, undefined, 200);
    await call('GET', '/api/mail/outbox/export.csv?status=failed', admin.headers, undefined, 200);
    await call('POST', `/api/mail/outbox/${id}/retry`, admin.headers, undefined, 200);
    await call('POST', `/api/mail/outbox/${id}/retry`, admin.headers, undefined, 409);
  },
};
