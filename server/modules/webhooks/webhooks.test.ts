/**
 * docs/integrations.md "Webhooks", tried as a receiver and as an attacker would: deliveries reach a
 * real HTTP endpoint signed as the Standard Webhooks specification says (checked by the
 * `standardwebhooks` package's own verifier), carry no secret, are retried and recorded, can be
 * sent again by hand with the same id, and stop when the endpoint is disabled; an endpoint failing
 * for 3 days is disabled and the owners are told. Which change writes which event: events.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
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
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

const { t, admin, inject, db } = useTestContext({ webhookRetry: { retryBaseMs: 50, maxAttempts: 3 } });
useBefore(async () => ({ secret: await enrolTwoFactor(t.app, admin) }));

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  // each test's endpoints stop here, so the next test's events reach only its own
  await db()
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'end of test' })
    .where(eq(webhookEndpoints.enabled, true));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A receiver and an endpoint for it through the route; answers both and the signing secret. */
async function endpointFor(eventTypes: string[]) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  await confirmSessionByPasskey(db(), admin);
  const res = await inject('POST', '/api/webhooks/endpoints', admin.headers, {
    url: receiver.url,
    description: 'Accounting',
    eventTypes,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { endpoint, secret } = res.json().data as { endpoint: { id: string }; secret: string };
  return { receiver, id: endpoint.id, secret };
}

/** The delivery log of endpoint `id`, newest first. */
async function log(id: string) {
  const res = await inject('GET', `/api/webhooks/deliveries?endpointId=${id}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown> & { id: string; status: string }>;
}

/** Polls the delivery log until every delivery of `id` has left `pending`. */
async function settled(id: string) {
  for (let i = 0; i < 200; i += 1) {
    const rows = await log(id);
    if (rows.length > 0 && rows.every((r) => r.status !== 'pending')) return rows;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('deliveries still pending');
}

describe('adding an endpoint', () => {
  it('needs a second factor; the signing secret is answered once, sealed at rest, never listed or audited', async () => {
    const bare = await createTestUser(t.app, { role: 'owner' });
    await confirmSessionByPasskey(db(), bare);
    const body = { url: 'https://example.com/hook', eventTypes: ['deposit.approved'] };
    const refused = await inject('POST', '/api/webhooks/endpoints', bare.headers, body);
    expect(refused.json().code).toBe('webhook_second_factor_needed');
    const stale = await inject('POST', '/api/webhooks/endpoints', admin.headers, body);
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'reverification_required']);
    const badType = await inject('POST', '/api/webhooks/endpoints', admin.headers, {
      ...body,
      eventTypes: ['deposit.stolen'],
    });
    expect(badType.statusCode).toBe(400);

    const { id, secret } = await endpointFor(['deposit.approved']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6, 30));
    expect(row!.secretHint).toBe(secret.slice(-4));
    const list = await inject('GET', '/api/webhooks/endpoints', admin.headers);
    expect(list.body).not.toContain(secret.slice(6, 30));
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((a) => a.action)).toEqual(['webhook_endpoint.create']);
    expect(JSON.stringify(audited)).not.toContain(secret.slice(6, 30));
  });

  it('is never done with an API key, even one given webhooks.manage by hand', async () => {
    const key = await createApiKey(db(), admin.id, ['webhooks.manage', 'clients.read']);
    const res = await inject('GET', '/api/webhooks/endpoints', key.headers);
    expect([res.statusCode, res.json().code]).toEqual([403, 'api_key_scope']);
  });
});

describe('deliveries', () => {
  it('reach the endpoint signed as the library verifies, once per subscribed event, with ids and figures only', async () => {
    const { receiver, secret } = await endpointFor(['deposit.requested', 'deposit.approved']);
    const client = await createClient(t.app);
    const deposit = await submitDeposit(t.app, client, 250);
    expect((await inject('PUT', `/api/deposits/${deposit}/approve`, admin.headers, {})).statusCode).toBe(200);
    const got = await receiver.waitFor(2);

    const verifier = new Webhook(secret);
    const payloads = got.map((g) => verifier.verify(g.body, g.headers) as { type: string; data: unknown });
    expect(payloads.map((p) => p.type).sort()).toEqual(['deposit.approved', 'deposit.requested']);
    const approved = payloads.find((p) => p.type === 'deposit.approved')!;
    expect(approved.data).toEqual({
      depositId: deposit,
      clientId: client.id,
      amountUsd: '250.00',
      method: 'bitcoin',
    });
    // the webhook-id is the event's id; a changed body fails the library's check
    const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.type, 'deposit.approved'));
    expect(got.map((g) => g.headers['webhook-id'])).toContain(event!.id);
    expect(() => verifier.verify(got[0]!.body.replace('250.00', '950.00'), got[0]!.headers)).toThrow();
    for (const g of got) {
      expect(g.body).not.toContain(client.email);
      expect(g.body).not.toContain(secret.slice(6));
      expect(g.body).not.toContain(client.token);
    }
    // an event no endpoint subscribes to is not even written
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(2);
  });

  it('are retried with back-off and recorded; after the last try fail; a redelivery sends the same id again', async () => {
    const { receiver, id } = await endpointFor(['deposit.requested']);
    receiver.answer = (n) => (n < 3 ? 500 : 204);
    await submitDeposit(t.app, await createClient(t.app), 40);
    const [failed] = await settled(id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    expect(failed!.lastDurationMs).toEqual(expect.any(Number));
    expect(failed!.nextAttemptAt).toBeNull();
    const [failing] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(failing!.failingSince).not.toBeNull();

    const again = await inject('POST', `/api/webhooks/deliveries/${failed!.id}/redeliver`, admin.headers);
    expect(again.statusCode, again.body).toBe(202);
    const [done] = await settled(id);
    expect(done).toMatchObject({ id: failed!.id, status: 'succeeded', attempts: 1, lastStatusCode: 204 });
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    const [answering] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(answering!.failingSince).toBeNull();
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, failed!.id));
    expect(audited.map((a) => a.action)).toEqual(['webhook_delivery.redeliver']);
  });

  it('refuses to redeliver one still being tried, an unknown one, or one to a disabled endpoint', async () => {
    const { id } = await endpointFor(['deposit.requested']);
    const [event] = await db()
      .insert(webhookEvents)
      .values({ type: 'deposit.requested', data: {} })
      .returning();
    const [waiting] = await db()
      .insert(webhookDeliveries)
      .values({ eventId: event!.id, endpointId: id, nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const redeliver = (d: string) => inject('POST', `/api/webhooks/deliveries/${d}/redeliver`, admin.headers);
    expect((await redeliver(waiting!.id)).json().code).toBe('webhook_delivery_pending');
    expect((await redeliver(UNKNOWN_ID)).statusCode).toBe(404);
    await db()
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, waiting!.id));
    const off = await inject('PATCH', `/api/webhooks/endpoints/${id}`, admin.headers, {
      enabled: false,
      reason: 'Moving to a new server',
    });
    expect(off.json().data).toMatchObject({ enabled: false, disabledReason: 'Moving to a new server' });
    expect((await redeliver(waiting!.id)).json().code).toBe('webhook_endpoint_disabled');
  });

  it('ping reaches that endpoint alone; a disabled endpoint takes no ping and no events', async () => {
    const first = await endpointFor(['deposit.requested']);
    const second = await endpointFor(['deposit.requested']);
    const ping = await inject('POST', `/api/webhooks/endpoints/${first.id}/ping`, admin.headers);
    expect([ping.statusCode, ping.json().message]).toEqual([
      202,
      'Test event queued: it shows in the delivery log within seconds',
    ]);
    const [got] = await first.receiver.waitFor(1);
    expect(new Webhook(first.secret).verify(got!.body, got!.headers)).toMatchObject({
      type: 'ping',
      data: { endpointId: first.id },
    });
    expect(second.receiver.received).toHaveLength(0);

    const off = await inject('PATCH', `/api/webhooks/endpoints/${second.id}`, admin.headers, {
      enabled: false,
    });
    expect(off.statusCode).toBe(400);
    await inject('PATCH', `/api/webhooks/endpoints/${second.id}`, admin.headers, {
      enabled: false,
      reason: 'Paused',
    });
    expect(
      (await inject('POST', `/api/webhooks/endpoints/${second.id}/ping`, admin.headers)).statusCode,
    ).toBe(409);
    await submitDeposit(t.app, await createClient(t.app), 30);
    await first.receiver.waitFor(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(second.receiver.received).toHaveLength(0);
  });

  it('disable an endpoint that has failed for 3 days, and e-mail every owner', async () => {
    const { receiver, id } = await endpointFor(['deposit.requested']);
    receiver.answer = () => 503;
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
      .where(eq(webhookEndpoints.id, id));
    await submitDeposit(t.app, await createClient(t.app), 20);
    const mail = await t.smtp.waitForMail(admin.email, { subject: 'A webhook endpoint was disabled' });
    expect(mail.text).toContain(receiver.url);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'Disabled after failing for 3 days' });
    // turned on again, its failures are forgotten
    const on = await inject('PATCH', `/api/webhooks/endpoints/${id}`, admin.headers, { enabled: true });
    expect(on.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('page by cursor, newest first, without repeats while new deliveries arrive', async () => {
    const { id } = await endpointFor(['deposit.requested']);
    const client = await createClient(t.app);
    for (let i = 0; i < 3; i += 1) await submitDeposit(t.app, client, 10 + i);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/webhooks/deliveries?endpointId=${id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await inject('GET', q, admin.headers)).json() as {
        data: { id: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.data.map((d) => d.id));
      if (seen.length === 2) await submitDeposit(t.app, client, 99);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });
});
