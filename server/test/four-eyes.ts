/**
 * Helpers of the four-eyes tests (server/modules/approvals/*.test.ts; docs/security.md "Four-eyes
 * approval"): staff members made before the file's tests, by name; the approval requests about a
 * client; a client's available balance in cents.
 */
import { eq } from 'drizzle-orm';
import type { Role } from '@common/permissions';
import type { AppInstance } from '../app-context';
import type { Db } from '../db/client';
import { approvalRequests } from '../db/schema';
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

/** The approval requests whose client is `c`, as stored. */
export const approvalRequestsOf = (db: Db, c: Pick<TestUser, 'id'>) =>
  db.select().from(approvalRequests).where(eq(approvalRequests.clientId, c.id));

/** `c`'s available balance, in cents. */
export const availableOf = async (app: AppInstance, c: Pick<TestUser, 'id'>) =>
  (await app.ctx.services.ledger.getClientFigures(c.id)).balance;
