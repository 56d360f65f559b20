/**
 * The worked examples of docs/integrations.md (docs/examples/*.ts) against a real app on a real
 * port: the typed client approves the pending deposits with an API key, and the webhook receiver
 * accepts the signed `deposit.approved` deliveries that follow, once each, and refuses a forged one.
 * docs-examples.test.ts keeps the page's code the same as the files.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { approvePendingDeposits } from '../../docs/examples/approve-deposits';
import { startReceiver, type BrokerEvent } from '../../docs/examples/webhook-receiver';
import { webhookEndpoints } from '../db/schema';
import { useTestContext } from './context';
import { createApiKey, createClient, createWebhookEndpoint, submitDeposit } from './factories';

const { t, admin, db } = useTestContext();
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

describe('the integration examples', () => {
  it('approve the pending deposits with a typed client, and receive the signed events once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const endpoint = await createWebhookEndpoint(t.app, admin.id, { eventTypes: ['deposit.approved'] });
    const events: BrokerEvent[] = [];
    const receiver = startReceiver(endpoint.secret, (e) => events.push(e));
    closing.push(() => new Promise((r) => receiver.close(r)));
    await new Promise((r) => receiver.once('listening', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/broker`;
    await db().update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, endpoint.id));

    const client = await createClient(t.app);
    const deposits = [await submitDeposit(t.app, client, 120), await submitDeposit(t.app, client, 80)];
    const key = await createApiKey(db(), admin.id, ['deposits.review', 'withdrawals.review', 'clients.read']);
    const results = await approvePendingDeposits(origin, key.secret);
    expect(results.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      deposits.sort().map((id) => ({ id, status: 200 })),
    );

    for (let i = 0; i < 200 && events.length < 2; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(events.map((e) => [e.type, e.data.depositId]).sort()).toEqual(
      deposits.map((id) => ['deposit.approved', id]).sort(),
    );
    // a delivery not signed with the endpoint's secret is refused, and not handed on
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      },
      body: JSON.stringify({ type: 'deposit.approved', timestamp: new Date().toISOString(), data: {} }),
    });
    expect(forged.status).toBe(400);
    expect(events).toHaveLength(2);
  });
});
