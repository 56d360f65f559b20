/**
 * Webhooks (docs/integrations.md "Webhooks"): the endpoints the owner registers, the events the
 * changes write (in their own transaction: the outbox pattern the mail uses) and one delivery per
 * event and subscribed endpoint, which the webhook worker sends, retries and records.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timeOrderedIdKey } from './columns';
import { users } from './accounts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (common/schemas/webhooks.ts `WEBHOOK_EVENT_TYPES`). */
    eventTypes: text('event_types').array().notNull(),
    /** The signing secret (`whsec_…`), sealed under a key derived from SESSION_SECRET. */
    sealedSecret: text('sealed_secret').notNull(),
    /** The last 4 characters of the secret, to tell secrets apart (not secret). */
    secretHint: text('secret_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was disabled: by staff (their reason) or by the worker after failing for 3 days. */
    disabledReason: text('disabled_reason'),
    /** The first failure since its last success; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('webhook_endpoints_disabled_check', sql`${t.enabled} = (${t.disabledReason} is null)`)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** Also the `webhook-id` header: the receiver's key to drop a second delivery of one event. */
    id: timeOrderedIdKey(),
    type: text('type').notNull(),
    /** Ids and figures only: never a code, a secret or a document. */
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: timeOrderedIdKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    /** `pending` (due at `next_attempt_at`), `succeeded`, or `failed` after its last try. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last try: the endpoint's HTTP status (null when none came), how long it took, what failed. */
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
