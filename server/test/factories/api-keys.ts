/**
 * API keys for tests, written straight to the table as creation leaves them (the creation route
 * and its second factor have their own tests): answers the key's id, secret and bearer header.
 */
import type { Permission } from '@common/permissions';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { newApiKey } from '../../modules/auth/api-key-auth';

export interface TestApiKey {
  id: string;
  secret: string;
  headers: { authorization: string };
}

/** A key of `userId` with `permissions`, alive for a day unless `over` says otherwise. */
export async function createApiKey(
  db: Db,
  userId: string,
  permissions: Permission[],
  over: Partial<typeof apiKeys.$inferInsert> = {},
): Promise<TestApiKey> {
  const { secret, shown, hash } = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: 'Test key',
      userId,
      prefix: shown,
      secretHash: hash,
      permissions,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...over,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, secret, headers: { authorization: `Bearer ${secret}` } };
}
