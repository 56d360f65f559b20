/**
 * API keys (docs/integrations.md "API keys"): the owner's list, creation and revocation. How a key
 * is checked on each call is the auth module's (auth/api-key-auth.ts).
 *
 * - A key is created by a staff member with `apiKeys.manage` for themselves, after a fresh second
 *   factor (auth/fresh-factor.ts), with permissions among `KEY_PERMISSIONS` that their own role has:
 *   a key never holds more than its member, nor decides four-eyes requests, nor manages staff or
 *   keys. It lives at most `API_KEY_MAX_DAYS`.
 * - Creation and revocation are audited (`api_key.create`, `api_key.revoke` with its reason). The
 *   audit row holds the key's name, shown characters, permissions, networks and expiry, never its
 *   secret, which is answered once and stored as its SHA-256.
 *
 * Errors (AppError): 400 `api_key_not_grantable`, `api_key_expiry_invalid`, `api_key_network_invalid`;
 * 409 `api_key_second_factor_needed`, `api_key_already_revoked`; 404 `api_key_not_found`; and the
 * fresh factor's.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_MAX_DAYS, API_KEY_MSG, type ApiKey, type ApiKeyCreateInput } from '@common/schemas/api-keys';
import { can, KEY_PERMISSIONS, type Permission } from '@common/permissions';
import { apiKeys, users } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { parseNetworks } from '../../lib/networks';
import type { ServiceDeps } from '../../lib/service-deps';
import { newApiKey } from '../auth/api-key-auth';
import { createFreshFactor } from '../auth/fresh-factor';
import { hasPasskey } from '../auth/staff-second-factor';

const DAY_MS = 86_400_000;

type KeyRow = typeof apiKeys.$inferSelect;
type Member = Pick<UserRow, 'id' | 'name' | 'email'>;

/** A key as the list shows it, its status taken at `now`. */
function present(row: KeyRow, member: Member, now = Date.now()): ApiKey {
  const status = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    allowedNetworks: row.allowedNetworks,
    member: { id: member.id, name: member.name, email: member.email },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
    status,
  };
}

/** The ranges of a new key in their written form, each checked (400 when one is not a range). */
function checkNetworks(list: readonly string[]): string[] {
  try {
    parseNetworks(list.join(','));
  } catch (e) {
    throw new AppError('api_key_network_invalid', `${API_KEY_MSG.network}: ${(e as Error).message}`);
  }
  return [...new Set(list)];
}

export function createApiKeysService(deps: ServiceDeps) {
  const { db } = deps;
  const confirmFresh = createFreshFactor(deps);

  return {
    /** Every key, newest first, with its member. */
    async list(): Promise<ApiKey[]> {
      const rows = await db
        .select({ key: apiKeys, member: { id: users.id, name: users.name, email: users.email } })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      const now = Date.now();
      return rows.map((r) => present(r.key, r.member, now));
    },

    /**
     * Creates a key for `user` (the caller, on session `sessionId`); answers it and its secret, the
     * only time the secret leaves the server.
     */
    async create(
      actor: AuditActor,
      user: UserRow,
      sessionId: string,
      input: ApiKeyCreateInput,
    ): Promise<{ key: ApiKey; secret: string }> {
      const refused = input.permissions.filter(
        (p: Permission) => !KEY_PERMISSIONS.includes(p) || !can(user.role, p),
      );
      if (refused.length > 0)
        throw new AppError('api_key_not_grantable', API_KEY_MSG.notGrantable(refused.join(', ')));
      const expiresAt = new Date(input.expiresAt);
      const now = Date.now();
      if (expiresAt.getTime() <= now || expiresAt.getTime() > now + API_KEY_MAX_DAYS * DAY_MS)
        throw new AppError('api_key_expiry_invalid');
      const allowedNetworks = checkNetworks(input.allowedNetworks);
      if (!user.twoFactorEnabled && !(await hasPasskey(db, user.id)))
        throw new AppError('api_key_second_factor_needed');
      await confirmFresh(user, sessionId, input.code);

      const { secret, shown, hash } = newApiKey();
      const permissions = [...new Set(input.permissions)];
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(apiKeys)
          .values({
            name: input.name,
            userId: user.id,
            prefix: shown,
            secretHash: hash,
            permissions,
            allowedNetworks,
            expiresAt,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'api_key.create',
          targetId: inserted!.id,
          after: { name: input.name, prefix: shown, permissions, allowedNetworks, expiresAt },
        });
        return inserted!;
      });
      return { key: present(row, user), secret };
    },

    /** Revokes key `id` with a reason, at once for every process (each call reads the key). */
    async revoke(actor: AuditActor, id: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: new Date(), revokedBy: actor.id, revokeReason: reason })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
          throw new AppError(exists ? 'api_key_already_revoked' : 'api_key_not_found');
        }
        await recordAudit(tx, actor, {
          action: 'api_key.revoke',
          targetId: id,
          before: { name: row.name, prefix: row.prefix },
          after: { reason },
        });
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
