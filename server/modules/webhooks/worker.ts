/**
 * The webhook worker (docs/integrations.md "Webhooks"): sends due deliveries, signed as the
 * Standard Webhooks specification says (the `standardwebhooks` package): `webhook-id` (the event's
 * id, the same on every try, for the receiver to drop repeats), `webhook-timestamp` (seconds, this
 * try) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the
 * endpoint's secret). The body is `{ type, timestamp, data }`: the event's type, when it happened,
 * its ids and figures.
 *
 * It runs in every API process whose mail worker runs (MAIL_WORKER), claims due rows with
 * `FOR UPDATE SKIP LOCKED` (two processes never send one delivery at once), and posts each with a
 * 10-second timeout and no redirects. A 2xx answer is a success; anything else is retried with
 * exponential back-off (5 s, 10 s, 20 s, … at most 10 h apart; 20 tries over about 3 days), then the
 * delivery is `failed`. Each try's status code, duration and error are kept on the delivery. An
 * endpoint whose failures have lasted `WEBHOOK_DISABLE_AFTER_DAYS` without one success is disabled
 * and every owner is e-mailed, in the transaction that records the try. Delivery is at least once.
 */
import { hostname } from 'node:os';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_MSG } from '@common/schemas/webhooks';
import { queryRows } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { MailRetry } from '../../lib/mail';
import { mailTemplate } from '../../lib/mail-templates';
import type { BaseDeps } from '../../lib/service-deps';
import { pollingWorker } from '../../lib/polling-worker';
import { traceWork } from '../../lib/tracing';
import { inTransaction } from '../../lib/unit-of-work';
import { createWebhookSecrets } from './secrets';

/** 20 tries, 5 s · 2^n apart and at most 10 h: about 3 days from the first to the last. */
export const WEBHOOK_RETRY_DEFAULTS: MailRetry = { retryBaseMs: 5_000, maxAttempts: 20 };
const MAX_BACKOFF_MS = 10 * 3_600_000;
/** How long one try may take (ms). */
const TIMEOUT_MS = 10_000;
/** How often an idle worker looks for due deliveries (ms); a ping or redelivery wakes it at once. */
const POLL_MS = 1_000;
const BATCH = 10;
/** The longest error text kept on a delivery. */
const MAX_ERROR = 300;
const WORKER = `${hostname()}:${process.pid}`;
const DAY_MS = 86_400_000;

interface Due {
  id: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  sealed_secret: string;
  enabled: boolean;
  event_id: string;
  type: string;
  data: unknown;
  created_at: string | Date;
}

const disabledMail =
  mailTemplate(`<p>The webhook endpoint <strong>{{url}}</strong> has failed every delivery for ${WEBHOOK_DISABLE_AFTER_DAYS} days and has been disabled. No events are sent to it until it is enabled again.</p>
<p>The delivery log in the back office shows each try's answer. Once the endpoint answers again, enable it and redeliver the events it missed.</p>`);

/** The outcome of one try. */
interface Outcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Posts one delivery, signed; never throws. */
async function send(row: Due, secret: string): Promise<Outcome> {
  const body = JSON.stringify({
    type: row.type,
    timestamp: new Date(row.created_at).toISOString(),
    data: row.data,
  });
  const now = new Date();
  const started = performance.now();
  try {
    const res = await fetch(row.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'broker-webhooks/1',
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(row.event_id, now, body),
      },
      body,
    });
    // the answer's body is not kept: only that it came, and its status
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      statusCode: res.status,
      durationMs: Math.round(performance.now() - started),
      error: ok ? null : `HTTP ${res.status}`,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.message);
    return { ok: false, statusCode: null, durationMs: Math.round(performance.now() - started), error: why };
  }
}

/** The webhook worker of one process; `retry` from config (tests shorten it). */
export function createWebhookWorker(deps: BaseDeps, retry: MailRetry = WEBHOOK_RETRY_DEFAULTS) {
  const { db, log, mailer, config } = deps;
  const secrets = createWebhookSecrets(config);

  /** Claims up to BATCH due deliveries for this worker, with their endpoint and event. */
  function claim(): Promise<Due[]> {
    return queryRows<Due>(
      db,
      sql`with claimed as (
          update ${webhookDeliveries} set locked_until = now() + interval '60 seconds'
          where id in (
            select id from ${webhookDeliveries}
            where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
            order by next_attempt_at limit ${BATCH} for update skip locked)
          returning id, attempts, endpoint_id, event_id)
        select c.id, c.attempts, c.endpoint_id, e.url, e.sealed_secret, e.enabled, c.event_id, v.type, v.data, v.created_at
        from claimed c join webhook_endpoints e on e.id = c.endpoint_id join webhook_events v on v.id = c.event_id
        order by v.created_at`,
    );
  }

  /** Records one try's outcome; a failure may disable the endpoint and tell the owners. */
  async function record(row: Due, o: Outcome): Promise<void> {
    const attempts = row.attempts + 1;
    const last = attempts >= retry.maxAttempts;
    const wait = Math.min(retry.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    await inTransaction(db, log, async (uow) => {
      await uow.tx
        .update(webhookDeliveries)
        .set({
          status: o.ok ? 'succeeded' : last ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: o.ok || last ? null : sql`now() + ${`${wait} milliseconds`}::interval`,
          lockedUntil: null,
          lastStatusCode: o.statusCode,
          lastDurationMs: o.durationMs,
          lastError: o.error?.slice(0, MAX_ERROR) ?? null,
          lastAttemptAt: sql`now()`,
        })
        .where(eq(webhookDeliveries.id, row.id));
      if (o.ok) {
        await uow.tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, row.endpoint_id));
        return;
      }
      const [endpoint] = await uow.tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
        .where(eq(webhookEndpoints.id, row.endpoint_id))
        .returning();
      const since = endpoint?.failingSince?.getTime() ?? Date.now();
      if (!endpoint?.enabled || Date.now() - since < WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) return;
      await uow.tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: WEBHOOK_MSG.disabledByFailures })
        .where(eq(webhookEndpoints.id, row.endpoint_id));
      const owners = await uow.tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt)));
      for (const owner of owners)
        await mailer.enqueue(uow, {
          to: owner.email,
          name: owner.firstName,
          subject: 'A webhook endpoint was disabled',
          body: disabledMail,
          data: { url: endpoint.url },
        });
      log.warn({ endpointId: row.endpoint_id }, 'webhook endpoint disabled after failing for days');
    });
  }

  /** Tries one claimed delivery: an endpoint disabled since it was queued ends it as failed. */
  async function deliver(row: Due): Promise<void> {
    if (!row.enabled) {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          nextAttemptAt: null,
          lockedUntil: null,
          lastError: 'The endpoint is disabled',
        })
        .where(eq(webhookDeliveries.id, row.id));
      return;
    }
    const outcome = await send(row, await secrets.open(row.endpoint_id, row.sealed_secret));
    await record(row, outcome);
  }

  /** One pass: every due delivery, BATCH at a time; answers how many were tried. */
  async function pass(): Promise<number> {
    let tried = 0;
    for (;;) {
      const due = await claim();
      for (const row of due)
        await traceWork('webhook delivery', () => deliver(row)).catch((err: unknown) =>
          log.error({ err, deliveryId: row.id, worker: WORKER }, 'webhook delivery could not be tried'),
        );
      tried += due.length;
      if (due.length < BATCH || loop.closed) return tried;
    }
  }

  const loop = pollingWorker({ name: 'webhook worker', log, everyMs: POLL_MS, pass });

  return {
    /** Tries every due delivery now; answers how many it tried. */
    deliverDue: () => loop.run(),
    /** Looks for due deliveries now (after a ping or a redelivery), once the worker is started. */
    wake(): void {
      if (loop.started) void loop.run();
    },
    /** Starts polling (a pass at once, then every POLL_MS). */
    start: () => loop.start(),
    /** Stops polling after any running pass. */
    close: () => loop.close(),
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
