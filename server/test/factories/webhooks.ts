/**
 * Webhook endpoints and deliveries for tests, written straight to the tables as the routes and the
 * worker leave them (the creation route and its second factor have their own tests).
 */
import { randomUUID } from 'node:crypto';
import type { AppInstance } from '../../app-context';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { createWebhookSecrets, newWebhookSecret } from '../../modules/webhooks/secrets';

/**
 * An enabled endpoint of `url` (default a closed local port) made by `userId`, for `eventTypes`;
 * answers its id and signing secret.
 */
export async function createWebhookEndpoint(
  app: AppInstance,
  userId: string,
  { url = 'http://127.0.0.1:9/hook', eventTypes = ['deposit.approved'] } = {},
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  await app.ctx.database.db.insert(webhookEndpoints).values({
    id,
    url,
    eventTypes,
    sealedSecret: await createWebhookSecrets(app.ctx.config).seal(id, secret),
    secretHint: secret.slice(-4),
    createdBy: userId,
  });
  return { id, secret };
}

/** A delivery to `endpointId` of a new `ping` event that ended as `failed`; answers its id. */
export async function failedDelivery(app: AppInstance, endpointId: string): Promise<string> {
  const { db } = app.ctx.database;
  const [event] = await db.insert(webhookEvents).values({ type: 'ping', data: { endpointId } }).returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ eventId: event!.id, endpointId, status: 'failed', attempts: 3, nextAttemptAt: null })
    .returning();
  return delivery!.id;
}
