/**
 * The audit test's cases for the staff-management routes (/api/staff…, owner only): each is a
 * successful call as the owner that must add exactly one audit row (server/test/audit.test.ts).
 * Every case makes its own staff member, so the cases stand alone.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { AppInstance } from '../app-context';
import { createTestUser, enrolTwoFactor } from './factories';

/** A request the audit test sends as the admin (its headers are added there). */
export type Call = Omit<InjectOptions, 'headers'> & { method: string; url: string };

/**
 * The cases by "METHOD /url". `app` answers the test's app (made in its beforeAll); `ok` sends a
 * set-up call as the owner and throws unless it succeeds.
 */
export function staffCalls(
  app: () => AppInstance,
  ok: (call: Call) => Promise<unknown>,
): Record<string, () => Promise<Call>> {
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
  };
}
