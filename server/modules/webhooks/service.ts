/**
 * Webhook endpoints and their delivery log (docs/integrations.md "Webhooks"): what the owner
 * registers, changes, tests and reads. The events themselves are written by the changes
 * (lib/webhook-events.ts) and sent by the worker (worker.ts).
 *
 * - An endpoint is added by a staff member with `webhooks.manage` after a fresh second factor
 *   (auth/fresh-factor.ts), as an API key is: it sends the firm's events to an address of their
 *   choosing. In production its address must be https. Its signing secret is answered once.
 * - Adding, changing, turning off or on, testing and redelivering are audited
 *   (`webhook_endpoint.create|update|ping`, `webhook_delivery.redeliver`).
 * - A redelivery sends the same event again (the same `webhook-id`), as a new series of tries.
 *
 * Errors (AppError): 404 `webhook_endpoint_not_found`, `webhook_delivery_not_found`; 409
 * `webhook_delivery_pending`, `webhook_endpoint_disabled`, `webhook_second_factor_needed`; 400
 * `webhook_https_only`; 400 `invalid_cursor`; and the fresh factor's.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PING_EVENT,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreateInput,
  type WebhookEndpointUpdateInput,
} from '@common/schemas/webhooks';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { olderThan, readCursorPage, decodeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { createFreshFactor } from '../auth/fresh-factor';
import { hasPasskey } from '../auth/staff-second-factor';
import { createWebhookSecrets, newWebhookSecret } from './secrets';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as the list shows it. */
function present(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    secretHint: row.secretHint,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The webhooks service. `wake` asks the worker to look for due deliveries now (a ping, a
 * redelivery); without it the worker finds them on its next poll.
 */
export function createWebhooksService(deps: ServiceDeps, wake: () => void = () => {}) {
  const { db, config } = deps;
  const confirmFresh = createFreshFactor(deps);
  const secrets = createWebhookSecrets(config);

  /** Endpoint `id`'s row; throws 404. */
  async function endpoint(id: string): Promise<EndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new AppError('webhook_endpoint_not_found');
    return row;
  }

  return {
    /** Every endpoint, newest first. */
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
      return rows.map(present);
    },

    /**
     * Adds an endpoint for `user` (the caller, on session `sessionId`); answers it and its signing
     * secret, the only time the secret leaves the server.
     */
    async create(
      actor: AuditActor,
      user: UserRow,
      sessionId: string,
      input: WebhookEndpointCreateInput,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      if (config.env === 'production' && !input.url.startsWith('https://'))
        throw new AppError('webhook_https_only');
      if (!user.twoFactorEnabled && !(await hasPasskey(db, user.id)))
        throw new AppError('webhook_second_factor_needed');
      await confirmFresh(user, sessionId, input.code);

      const secret = newWebhookSecret();
      const id = randomUUID();
      const sealedSecret = await secrets.seal(id, secret);
      const eventTypes = [...new Set(input.eventTypes)];
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(webhookEndpoints)
          .values({
            id,
            url: input.url,
            description: input.description,
            eventTypes,
            sealedSecret,
            secretHint: secret.slice(-4),
            createdBy: user.id,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'webhook_endpoint.create',
          targetId: id,
          after: { url: input.url, eventTypes },
        });
        return inserted!;
      });
      return { endpoint: present(row), secret };
    },

    /**
     * Changes endpoint `id`'s description or events, or turns it off (with a reason, kept on it) or
     * on again (its failures forgotten). Deliveries of a disabled endpoint stop at their next try.
     */
    async update(actor: AuditActor, id: string, input: WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, id))
          .for('update');
        if (!before) throw new AppError('webhook_endpoint_not_found');
        const enabled = input.enabled ?? before.enabled;
        const [row] = await tx
          .update(webhookEndpoints)
          .set({
            ...(input.description !== undefined && { description: input.description }),
            ...(input.eventTypes && { eventTypes: [...new Set(input.eventTypes)] }),
            enabled,
            disabledReason: enabled ? null : input.enabled === false ? input.reason! : before.disabledReason,
            ...(enabled && !before.enabled && { failingSince: null }),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'webhook_endpoint.update',
          targetId: id,
          before: { eventTypes: before.eventTypes, enabled: before.enabled },
          after: {
            eventTypes: row!.eventTypes,
            enabled: row!.enabled,
            ...(input.reason !== undefined && { reason: input.reason }),
          },
        });
        return present(row!);
      });
    },

    /** Queues a `ping` event to endpoint `id` alone (it must be enabled); answers the delivery's id. */
    async ping(actor: AuditActor, id: string): Promise<string> {
      const row = await endpoint(id);
      if (!row.enabled) throw new AppError('webhook_endpoint_disabled');
      const deliveryId = await db.transaction(async (tx) => {
        const [event] = await tx
          .insert(webhookEvents)
          .values({ type: PING_EVENT, data: { endpointId: id } })
          .returning({ id: webhookEvents.id });
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({ eventId: event!.id, endpointId: id })
          .returning({ id: webhookDeliveries.id });
        await recordAudit(tx, actor, { action: 'webhook_endpoint.ping', targetId: id });
        return delivery!.id;
      });
      wake();
      return deliveryId;
    },

    /** The delivery log: newest first, filtered, in cursor pages (docs/integrations.md "Cursor pages"). */
    async deliveries(
      q: WebhookDeliveriesQuery,
    ): Promise<{ data: WebhookDelivery[]; nextCursor: string | null }> {
      const where: SQL[] = [];
      if (q.endpointId) where.push(eq(webhookDeliveries.endpointId, q.endpointId));
      if (q.status) where.push(eq(webhookDeliveries.status, q.status));
      if (q.cursor)
        where.push(
          olderThan(
            webhookDeliveries,
            webhookDeliveries.createdAt,
            webhookDeliveries.id,
            decodeCursor(q.cursor),
          ),
        );
      const { rows, nextCursor } = await readCursorPage(q.limit, (limit) =>
        db
          .select({
            d: webhookDeliveries,
            url: webhookEndpoints.url,
            type: webhookEvents.type,
          })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(and(...where))
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(limit)
          .then((list) => list.map((r) => ({ ...r, id: r.d.id }))),
      );
      return {
        data: rows.map(({ d, url, type }) => ({
          id: d.id,
          endpointId: d.endpointId,
          endpointUrl: url,
          eventId: d.eventId,
          eventType: type,
          status: d.status as WebhookDelivery['status'],
          attempts: d.attempts,
          lastStatusCode: d.lastStatusCode,
          lastDurationMs: d.lastDurationMs,
          lastError: d.lastError,
          lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
          nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
          createdAt: d.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },

    /**
     * Sends delivery `id`'s event to its endpoint again, as a new series of tries. Throws 404, 409
     * while it is still being tried or when its endpoint is disabled.
     */
    async redeliver(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ d: webhookDeliveries, enabled: webhookEndpoints.enabled })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(eq(webhookDeliveries.id, id))
          .for('update', { of: webhookDeliveries });
        if (!row) throw new AppError('webhook_delivery_not_found');
        if (row.d.status === 'pending') throw new AppError('webhook_delivery_pending');
        if (!row.enabled) throw new AppError('webhook_endpoint_disabled');
        await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
          .where(eq(webhookDeliveries.id, id));
        await recordAudit(tx, actor, {
          action: 'webhook_delivery.redeliver',
          targetId: id,
          before: { status: row.d.status, attempts: row.d.attempts },
        });
      });
      wake();
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
