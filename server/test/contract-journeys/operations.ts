/** Contract journeys of operations: health and metrics, and the mail outbox (failed mails queued again). */
import { failedMail } from '../app';
import { ask, bearer, METRICS_TOKEN, type Journey } from './journey';

/** GET /api/health, and GET /api/metrics without and with the token. */
export const healthAndMetrics: Journey = {
  name: 'health and metrics',
  async run({ t }) {
    await ask(t)('GET', '/api/health', {}, undefined, 200);
    await ask(t)('GET', '/api/metrics', {}, undefined, 401);
    await ask(t)('GET', '/api/metrics', bearer(METRICS_TOKEN), undefined, 200);
  },
};

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
