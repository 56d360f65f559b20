/**
 * The audit test's cases for the staff-management routes (/api/staff…, owner only), the API
 * keys (/api/api-keys…) and the webhooks (/api/webhooks…): each is a successful call as the owner that must add exactly one audit
 * row (server/test/audit.test.ts). Every case makes its own staff member or key, so the cases
 * stand alone.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { AppInstance } from '../app-context';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  confirmSessionByPasskey,
  createApiKey,
  createTestUser,
  createWebhookEndpoint,
  enrolTwoFactor,
  failedDelivery,
  type TestUser,
} from './factories';

/** A request the audit test sends as the admin (its headers are added there). */
export type Call = Omit<InjectOptions, 'headers'> & { method: string; url: string };

/**
 * The cases by "METHOD /url". `app` answers the test's app (made in its beforeAll), `owner` the
 * owner the calls are made as; `ok` sends a set-up call as the owner and throws unless it succeeds.
 */
export function staffCalls(
  app: () => AppInstance,
  owner: () => TestUser,
  ok: (call: Call) => Promise<unknown>,
): Record<string, () => Promise<Call>> {
  const db = () => app().ctx.database.db;
  /** Creating a key or an endpoint takes two-factor (or a passkey) and a fresh confirmation of the session. */
  const withFreshFactor = async () => {
    const [row] = await db()
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, owner().id));
    if (!row!.on) await enrolTwoFactor(app(), owner());
    await confirmSessionByPasskey(db(), owner());
  };
  return {
    'POST /api/staff': async () => ({
      method: 'POST',
      url: '/api/staff',
      payload: {
        email: `staff.${randomUUID()}@example.com`,
        firstName: 'Sam',
        lastName: 'Staff',
        role: 'support',
      },
    }),
    'PATCH /api/staff/:id': async () => ({
      method: 'PATCH',
      url: `/api/staff/${(await createTestUser(app(), { role: 'support' })).id}`,
      payload: { role: 'finance' },
    }),
    'POST /api/staff/:id/deactivate': async () => ({
      method: 'POST',
      url: `/api/staff/${(await createTestUser(app(), { role: 'support' })).id}/deactivate`,
    }),
    'POST /api/staff/:id/reactivate': async () => {
      const member = await createTestUser(app(), { role: 'support' });
      await ok({ method: 'POST', url: `/api/staff/${member.id}/deactivate` });
      return { method: 'POST', url: `/api/staff/${member.id}/reactivate` };
    },
    'POST /api/staff/:id/resend-invitation': async () => {
      const invited = (await ok({
        method: 'POST',
        url: '/api/staff',
        payload: {
          email: `staff.${randomUUID()}@example.com`,
          firstName: 'Ivy',
          lastName: 'Invited',
          role: 'support',
        },
      })) as { data: { _id: string } };
      return { method: 'POST', url: `/api/staff/${invited.data._id}/resend-invitation` };
    },
    'POST /api/staff/:id/block': async () => ({
      method: 'POST',
      url: `/api/staff/${(await createTestUser(app(), { role: 'support' })).id}/block`,
      payload: { reason: 'Shared a password' },
    }),
    'POST /api/staff/:id/unblock': async () => {
      const member = await createTestUser(app(), { role: 'support' });
      await ok({
        method: 'POST',
        url: `/api/staff/${member.id}/block`,
        payload: { reason: 'Shared a password' },
      });
      return { method: 'POST', url: `/api/staff/${member.id}/unblock` };
    },
    'POST /api/staff/:id/reset-two-factor': async () => {
      const member = await createTestUser(app(), { role: 'compliance' });
      await enrolTwoFactor(app(), member);
      return {
        method: 'POST',
        url: `/api/staff/${member.id}/reset-two-factor`,
        payload: { reason: 'Lost phone; identity checked' },
      };
    },
    'POST /api/api-keys': async () => {
      await withFreshFactor();
      return {
        method: 'POST',
        url: '/api/api-keys',
        payload: {
          name: 'Accounting export',
          permissions: ['clients.read'],
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      };
    },
    'POST /api/api-keys/:id/revoke': async () => ({
      method: 'POST',
      url: `/api/api-keys/${(await createApiKey(db(), owner().id, ['clients.read'])).id}/revoke`,
      payload: { reason: 'The integration was retired' },
    }),
    'POST /api/webhooks/endpoints': async () => {
      await withFreshFactor();
      return {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        payload: { url: 'https://example.com/hook', eventTypes: ['deposit.approved'] },
      };
    },
    'PATCH /api/webhooks/endpoints/:id': async () => ({
      method: 'PATCH',
      url: `/api/webhooks/endpoints/${(await createWebhookEndpoint(app(), owner().id)).id}`,
      payload: { enabled: false, reason: 'Paused for a migration' },
    }),
    'POST /api/webhooks/endpoints/:id/ping': async () => ({
      method: 'POST',
      url: `/api/webhooks/endpoints/${(await createWebhookEndpoint(app(), owner().id)).id}/ping`,
    }),
    'POST /api/webhooks/deliveries/:id/redeliver': async () => {
      const { id } = await createWebhookEndpoint(app(), owner().id);
      return { method: 'POST', url: `/api/webhooks/deliveries/${await failedDelivery(app(), id)}/redeliver` };
    },
  };
}
