/**
 * Webhooks (docs/integrations.md "Webhooks"): the event types another system can subscribe to, what
 * the owner sends to register an endpoint, how endpoints and deliveries are listed, and the texts.
 * Each delivery is signed as the Standard Webhooks specification says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 of `id.timestamp.body` under the
 * endpoint's secret), and carries ids and figures, never a code or a secret.
 */
import { z } from 'zod';

/** Every event type an endpoint may subscribe to, with when it is written. */
export const WEBHOOK_EVENTS = {
  'deposit.requested': 'a client reported a deposit for review',
  'deposit.approved': 'a deposit was approved and credited',
  'deposit.rejected': 'a deposit was rejected, with its reason',
  'withdrawal.requested': 'a client requested a withdrawal (its amount held)',
  'withdrawal.approved': 'a withdrawal was approved and paid out',
  'withdrawal.declined': 'a withdrawal was declined, with its reason (its amount released)',
  'client.registered': 'a client signed up',
  'client.blocked': 'a client was blocked, with the reason',
  'kyc.submitted': 'a client sent identity documents',
  'kyc.approved': "a client's identity was verified",
  'kyc.rejected': "a client's identity documents were rejected, with the reason",
  'approval.requested': 'a large money action waits for a second member (four-eyes)',
  'approval.decided': 'a four-eyes request was approved or rejected',
  'plan.result_posted': "a result was posted to a client's investment plan",
  'ledger.integrity_alarm': 'the ledger check found the books out of balance',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
/** The event a test button sends to one endpoint only; nobody subscribes to it. */
export const PING_EVENT = 'ping';

/** An endpoint that fails this long without one success is disabled, and the owners are told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

/** Every text of the webhooks a user reads. */
export const WEBHOOK_MSG = {
  created: 'Endpoint added. Copy its signing secret now: it is not shown again',
  updated: 'Endpoint saved',
  pingSent: 'Test event queued: it shows in the delivery log within seconds',
  redelivered: 'Delivery queued again',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  deliveryPending: 'This delivery is still being tried',
  disabledEndpoint: 'Enable the endpoint first',
  httpsOnly: 'The endpoint must be an https:// address',
  secondFactorNeeded: 'Turn on two-factor authentication or add a passkey to add webhook endpoints',
  disabledByFailures: `Disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days`,
} as const;

const eventTypesField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length);

/** POST /api/webhooks/endpoints: where to, what, and the owner's fresh second factor. */
export const webhookEndpointCreateSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter the full address, starting with https://' }).max(500),
  description: z.string().trim().max(200).default(''),
  eventTypes: eventTypesField,
  /** An authenticator or backup code; none when a passkey confirmed this session in the last 5 minutes. */
  code: z.string().trim().min(6).max(20).optional(),
});
export type WebhookEndpointCreateInput = z.output<typeof webhookEndpointCreateSchema>;

/** PATCH /api/webhooks/endpoints/:id: its events, or turning it off (with a reason) or on again. */
export const webhookEndpointUpdateSchema = z
  .object({
    description: z.string().trim().max(200).optional(),
    eventTypes: eventTypesField.optional(),
    enabled: z.boolean().optional(),
    /** Why it is turned off: kept on the endpoint and in the audit log. */
    reason: z.string().trim().min(3, 'Give a reason').max(500).optional(),
  })
  .refine((v) => v.enabled !== false || v.reason !== undefined, {
    message: 'Give a reason',
    path: ['reason'],
  });
export type WebhookEndpointUpdateInput = z.output<typeof webhookEndpointUpdateSchema>;

/** An endpoint as the owner's list shows it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  /** The secret's last 4 characters, to tell secrets apart. */
  secretHint: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** The first failure since its last success; null while it answers. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsAnswerSchema = z.object({ data: z.array(webhookEndpointSchema) });
export const webhookEndpointAnswerSchema = z.object({ message: z.string(), data: webhookEndpointSchema });

/** The answer to a creation: the endpoint, and its signing secret (the only time it is sent). */
export const webhookEndpointCreatedAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ endpoint: webhookEndpointSchema, secret: z.string() }),
});

/** GET /api/webhooks/deliveries: newest first, by endpoint and status, in cursor pages. */
export const webhookDeliveriesQuerySchema = z.object({
  endpointId: z.uuid('Invalid id').optional(),
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  /** The `nextCursor` of the page before (docs/integrations.md "Cursor pages"). */
  cursor: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

/** GET /api/webhooks/deliveries/export.csv: the log's filters, no paging. */
export const webhookDeliveriesExportQuerySchema = webhookDeliveriesQuerySchema.pick({
  endpointId: true,
  status: true,
});
export type WebhookDeliveriesExportQuery = z.output<typeof webhookDeliveriesExportQuerySchema>;

/** One delivery of one event to one endpoint, with its last try. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  endpointUrl: z.string(),
  /** The event's id: the `webhook-id` header, the same on every try and redelivery. */
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  /** The endpoint's HTTP status on the last try; null when none came (refused, timed out). */
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When the next try is due; null once it succeeded or failed for good. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesAnswerSchema = z.object({
  data: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable().describe('The `cursor` of the next page; null after the last'),
});
