/**
 * The contract journey of webhooks (docs/integrations.md "Webhooks"): an owner with two-factor on
 * adds an endpoint with a fresh code (an unknown event type refused first), lists it, pings it, reads
 * the delivery log until the ping has been answered, redelivers it, and turns the endpoint off with
 * a reason.
 */
import { createTestUser, enrolTwoFactor } from '../factories';
import { startWebhookReceiver } from '../webhook-receiver';
import { ask, totp, type Journey } from './journey';

export const webhooksJourney: Journey = {
  name: 'webhooks: an endpoint added with a fresh code, pinged, its delivery read and sent again',
  async run({ t }) {
    const call = ask(t);
    const receiver = await startWebhookReceiver();
    try {
      const owner = await createTestUser(t.app, { role: 'owner' });
      const secret = await enrolTwoFactor(t.app, owner);
      const endpoint = { url: receiver.url, description: 'Accounting', eventTypes: ['deposit.approved'] };
      await call(
        'POST',
        '/api/webhooks/endpoints',
        owner.headers,
        { ...endpoint, eventTypes: ['nope'] },
        400,
      );
      const created = await call(
        'POST',
        '/api/webhooks/endpoints',
        owner.headers,
        { ...endpoint, code: await totp(secret) },
        201,
      );
      const { id } = (created.json().data as { endpoint: { id: string } }).endpoint;
      await call('GET', '/api/webhooks/endpoints', owner.headers, undefined, 200);
      await call('POST', `/api/webhooks/endpoints/${id}/ping`, owner.headers, undefined, 202);
      await receiver.waitFor(1);
      let delivery: { id: string; status: string } | undefined;
      for (let i = 0; i < 200 && delivery?.status !== 'succeeded'; i += 1) {
        const log = await call(
          'GET',
          `/api/webhooks/deliveries?endpointId=${id}&limit=10`,
          owner.headers,
          undefined,
          200,
        );
        delivery = (log.json().data as { id: string; status: string }[])[0];
        if (delivery?.status !== 'succeeded') await new Promise((r) => setTimeout(r, 25));
      }
      await call('POST', `/api/webhooks/deliveries/${delivery!.id}/redeliver`, owner.headers, undefined, 202);
      const csv = `/api/webhooks/deliveries/export.csv?endpointId=${id}&status=succeeded`;
      await call('GET', csv, owner.headers, undefined, 200);
      const off = { enabled: false, reason: 'The accounting tool was retired' };
      await call('PATCH', `/api/webhooks/endpoints/${id}`, owner.headers, off, 200);
      await call('POST', `/api/webhooks/endpoints/${id}/ping`, owner.headers, undefined, 409);
    } finally {
      await receiver.close();
    }
  },
};
