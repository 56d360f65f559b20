/**
 * Webhooks (docs/integrations.md "Webhooks"), in the staff scope, all with `webhooks.manage`:
 *
 * | method | path                                       | body                                    | answer                                     |
 * | GET    | /api/webhooks/endpoints                    | —                                       | { data: [endpoint] }                       |
 * | POST   | /api/webhooks/endpoints                    | { url, description, eventTypes, code? } | 201 { message, data: { endpoint, secret } } |
 * | PATCH  | /api/webhooks/endpoints/:id                | { description?, eventTypes?, enabled?, reason? } | { message, data: endpoint }       |
 * | POST   | /api/webhooks/endpoints/:id/ping           | —                                       | 202 { message }                            |
 * | GET    | /api/webhooks/deliveries                   | ?endpointId&status&cursor&limit         | { data: [delivery], nextCursor }           |
 * | GET    | /api/webhooks/deliveries/export.csv        | ?endpointId&status                      | CSV, newest first                          |
 * | POST   | /api/webhooks/deliveries/:id/redeliver     | —                                       | 202 { message }                            |
 *
 * Adding an endpoint needs a session and a fresh second factor; its secret is in that answer only.
 */
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  WEBHOOK_MSG,
  webhookDeliveriesAnswerSchema,
  webhookDeliveriesExportQuerySchema,
  webhookDeliveriesQuerySchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedAnswerSchema,
  webhookEndpointCreateSchema,
  webhookEndpointsAnswerSchema,
  webhookEndpointUpdateSchema,
} from '@common/schemas/webhooks';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { conflict } from '../../lib/route-schemas';
import { FRESH_FACTOR_CODES } from '../auth/fresh-factor';
import { currentUser } from '../auth/guard';
import { exportDeliveriesCsv } from './export';

const tags = ['webhooks'];
const config = { permission: 'webhooks.manage' } as const;
const NOT_FOUND = 'webhook_endpoint_not_found' as const;

/** The endpoints and the delivery log (staff scope, `webhooks.manage`). */
export async function webhookAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.webhooks;

  route.get('/endpoints', {
    summary: 'Every webhook endpoint, newest first, with its events and status; never a secret',
    schema: { response: { 200: webhookEndpointsAnswerSchema } },
    config: { ...config, errorCodes: [] },
    handler: async () => ({ data: await svc.list() }),
  });

  route.post('/endpoints', {
    summary:
      'Adds a webhook endpoint for the events chosen, confirmed by a fresh second factor; its signing secret is answered this once',
    schema: {
      body: webhookEndpointCreateSchema,
      response: {
        201: webhookEndpointCreatedAnswerSchema,
        409: conflict('Two-factor authentication or a passkey is needed, or the code was used already'),
      },
    },
    config: {
      ...config,
      errorCodes: ['webhook_https_only', 'webhook_second_factor_needed', ...FRESH_FACTOR_CODES],
    },
    handler: async (req, reply) => {
      const data = await svc.create(auditActor(req), currentUser(req), req.auth!.sessionId, req.body);
      reply.code(201);
      return { message: WEBHOOK_MSG.created, data };
    },
  });

  route.patch('/endpoints/:id', {
    summary:
      "Changes an endpoint's description or events, turns it off with a reason, or on again (its failures forgotten); audited",
    schema: {
      params: idParams,
      body: webhookEndpointUpdateSchema,
      response: { 200: webhookEndpointAnswerSchema },
    },
    config: { ...config, target: 'none', errorCodes: [NOT_FOUND] },
    handler: async (req) => ({
      message: WEBHOOK_MSG.updated,
      data: await svc.update(auditActor(req), req.params.id, req.body),
    }),
  });

  route.post('/endpoints/:id/ping', {
    summary: 'Sends a signed `ping` event to this endpoint alone; its delivery shows in the log',
    schema: {
      params: idParams,
      response: { 202: messageAnswerSchema, 409: conflict('The endpoint is disabled') },
    },
    config: { ...config, target: 'none', errorCodes: [NOT_FOUND, 'webhook_endpoint_disabled'] },
    handler: async (req, reply) => {
      await svc.ping(auditActor(req), req.params.id);
      reply.code(202);
      return { message: WEBHOOK_MSG.pingSent };
    },
  });

  route.get('/deliveries', {
    summary:
      'The delivery log, newest first: each delivery with its last try (status code, duration, error) and next try; cursor pages',
    schema: { querystring: webhookDeliveriesQuerySchema, response: { 200: webhookDeliveriesAnswerSchema } },
    config: { ...config, errorCodes: ['invalid_cursor'] },
    handler: async (req) => svc.deliveries(req.query),
  });

  declareCsvExport(
    app,
    route,
    {
      summary: 'Exports the delivery log as CSV, by endpoint and status, newest first',
      rows: 'One row per delivery, with a header row: the event, the endpoint, its status and last try, times in UTC',
      permission: config.permission,
      filename: 'webhook-deliveries.csv',
      querystring: webhookDeliveriesExportQuerySchema,
      csv: exportDeliveriesCsv,
    },
    '/deliveries/export.csv',
  );

  route.post('/deliveries/:id/redeliver', {
    summary:
      "Sends a delivery's event to its endpoint again (the same webhook-id), as a new series of tries; audited",
    schema: {
      params: idParams,
      response: {
        202: messageAnswerSchema,
        409: conflict('The delivery is still being tried, or its endpoint is disabled'),
      },
    },
    config: {
      ...config,
      target: 'none',
      errorCodes: ['webhook_delivery_not_found', 'webhook_delivery_pending', 'webhook_endpoint_disabled'],
    },
    handler: async (req, reply) => {
      await svc.redeliver(auditActor(req), req.params.id);
      reply.code(202);
      return { message: WEBHOOK_MSG.redelivered };
    },
  });
}
