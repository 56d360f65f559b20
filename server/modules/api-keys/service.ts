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
 * - A client creates read-only keys for themselves (docs/integrations.md "Client keys"): the scope
 *   `CLIENT_KEY_SCOPE`, the same second factor, expiry and networks; they are told by a notice and
 *   an e-mail, list and revoke their own, and the owner's list shows staff keys only.
 *
 * Errors (AppError): 400 `api_key_not_grantable`, `api_key_expiry_invalid`, `api_key_network_invalid`;
 * 409 `api_key_second_factor_needed`, `api_key_already_revoked`; 404 `api_key_not_found`; and the
 * fresh factor's.
 */
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  API_KEY_MAX_DAYS,
  API_KEY_MSG,
  CLIENT_KEY_SCOPE,
  type ApiKey,
  type ApiKeyCreateInput,
  type ClientApiKeyCreateInput,
} from '@common/schemas/api-keys';
import { can, KEY_PERMISSIONS, type Permission } from '@common/permissions';
import { apiKeys, users } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { parseNetworks } from '../../lib/networks';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
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
  const { db, notifications } = deps;
  const confirmFresh = createFreshFactor(deps);

  /** Keys newest first with their member: staff members' (`mine` absent) or one user's. */
  async function listed(mine?: string): Promise<ApiKey[]> {
    const rows = await db
      .select({ key: apiKeys, member: { id: users.id, name: users.name, email: users.email } })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(mine ? eq(apiKeys.userId, mine) : ne(users.role, 'client'))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    const now = Date.now();
    return rows.map((r) => present(r.key, r.member, now));
  }

  /**
   * The checks of a new key of `user` on session `sessionId` and its insert with `permissions`
   * (`audit` writes what else the transaction needs); answers the key and its secret.
   */
  async function insertKey(
    user: UserRow,
    sessionId: string,
    input: Omit<ApiKeyCreateInput, 'permissions'>,
    permissions: string[],
    follow: (uow: UnitOfWork, row: KeyRow) => Promise<unknown>,
  ): Promise<{ key: ApiKey; secret: string }> {
    const expiresAt = new Date(input.expiresAt);
    const now = Date.now();
    if (expiresAt.getTime() <= now || expiresAt.getTime() > now + API_KEY_MAX_DAYS * DAY_MS)
      throw new AppError('api_key_expiry_invalid');
    const allowedNetworks = checkNetworks(input.allowedNetworks);
    if (!user.twoFactorEnabled && !(await hasPasskey(db, user.id)))
      throw new AppError('api_key_second_factor_needed');
    await confirmFresh(user, sessionId, input.code);
    const { secret, shown, hash } = newApiKey();
    const row = await inTransaction(db, deps.log, async (uow) => {
      const [inserted] = await uow.tx
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
      await follow(uow, inserted!);
      return inserted!;
    });
    return { key: present(row, user), secret };
  }

  return {
    /** Every staff member's key, newest first, with its member (clients' keys are theirs to see). */
    list: () => listed(),

    /** The client `userId`'s own keys, newest first. */
    listOwn: (userId: string) => listed(userId),

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
      const permissions = [...new Set(input.permissions)];
      return insertKey(user, sessionId, input, permissions, (uow, row) =>
        recordAudit(uow.tx, actor, {
          action: 'api_key.create',
          targetId: row.id,
          after: {
            name: row.name,
            prefix: row.prefix,
            permissions,
            allowedNetworks: row.allowedNetworks,
            expiresAt: row.expiresAt,
          },
        }),
      );
    },

    /**
     * Creates a read-only key for the client `user` (on session `sessionId`), who is told by a
     * notice and an e-mail in the same transaction; answers it and its secret once.
     */
    createOwn(user: UserRow, sessionId: string, input: ClientApiKeyCreateInput) {
      return insertKey(user, sessionId, input, [CLIENT_KEY_SCOPE], (uow, row) =>
        notifications.notify(
          uow,
          {
            userId: user.id,
            title: API_KEY_MSG.clientKeyCreatedTitle,
            message: API_KEY_MSG.clientKeyCreated(row.name),
          },
          { kind: 'account' },
        ),
      );
    },

    /** Revokes the client `userId`'s own key `id` at once (404 for another's, 409 when already revoked). */
    async revokeOwn(userId: string, id: string): Promise<void> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date(), revokedBy: userId, revokeReason: API_KEY_MSG.revokedByClient })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (row) return;
      const [mine] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
      throw new AppError(mine ? 'api_key_already_revoked' : 'api_key_not_found');
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
