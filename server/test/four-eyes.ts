/**
 * Helpers of the four-eyes tests (server/modules/approvals/*.test.ts; docs/security.md "Four-eyes
 * approval"): staff members made before the file's tests, by name; a credit held for a second
 * member; the approval requests about a client; a client's available balance in cents.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '@common/permissions';
import type { AppInstance } from '../app-context';
import type { Db } from '../db/client';
import { approvalRequests } from '../db/schema';
import type { Headers, injector } from './app';
import { useBefore } from './context';
import { createTestUser, type TestUser } from './factories';

/**
 * Registers a beforeAll that makes one signed-in staff member of each role of `roles`
 * (`createTestUser`), in their order, and answers them by name. Read it inside tests only.
 */
export function useStaff<K extends string>(
  t: { app: AppInstance },
  roles: Record<K, Role>,
): Record<K, TestUser> {
  return useBefore(async () => {
    const staff = {} as Record<K, TestUser>;
    for (const name of Object.keys(roles) as K[])
      staff[name] = await createTestUser(t.app, { role: roles[name] });
    return staff;
  });
}

/**
 * Asks, with `headers`, a $5,000 credit to the client `clientId`, past every maker's limit, so
 * four-eyes holds it for a second member; asserts the 202 and answers the approval request's id.
 */
export async function holdLargeCredit(
  inject: ReturnType<typeof injector>,
  clientId: string,
  headers: Headers,
): Promise<string> {
  const res = await inject('POST', `/api/user/admin/account/${clientId}/adjustments`, headers, {
    direction: 'credit',
    amount: 5000,
    reason: 'Wire received',
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { data: { _id: string } }).data._id;
}

/** The approval requests whose client is `c`, as stored. */
export const approvalRequestsOf = (db: Db, c: Pick<TestUser, 'id'>) =>
  db.select().from(approvalRequests).where(eq(approvalRequests.clientId, c.id));

/** `c`'s available balance, in cents. */
export const availableOf = async (app: AppInstance, c: Pick<TestUser, 'id'>) =>
  (await app.ctx.services.ledger.getClientFigures(c.id)).balance;
