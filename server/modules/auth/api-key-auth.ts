/**
 * Authentication by API key (docs/integrations.md "API keys"): `Authorization: Bearer bk_…`.
 *
 * - A key is `bk_` and 32 random bytes in base64url; the prefix tells it from a session token
 *   (which never starts so). Only its SHA-256 is stored, looked up by equality on a unique index:
 *   a 256-bit random secret cannot be guessed, so a slow hash would add nothing (OWASP ASVS 2.9).
 * - Every call reads the key's row with its member's: a revocation or expiry is seen by the next
 *   call in every process, and the member's own state (blocked, deactivated, role) applies.
 * - Refusals: 401 `api_key_revoked` / `api_key_expired`; 403 `api_key_network_refused` from an
 *   address outside the key's CIDR ranges, written to the audit log first (`api_key.network_refused`:
 *   the key, its member, the address and the route asked), as a staff member's refusal is. An
 *   unknown key is no credential (401 `not_signed_in`).
 * - The last use (time and address) is written at most once a minute, like a session's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '@common/permissions';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { apiKeys, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { inNetworks, parseNetworks } from '../../lib/networks';
import { IDLE_TOUCH_MS } from './idle';

/** What every key starts with. */
export const API_KEY_PREFIX = 'bk_';
/** How many characters of a key its list shows (the prefix and 7 more): not enough to use it. */
const SHOWN_CHARS = 10;

/** The key an API call was made with, as the guards and the audit log read it. */
export interface RequestKey {
  id: string;
  name: string;
  permissions: readonly Permission[];
  /** Whether the key names its own networks (then STAFF_ALLOWED_NETWORKS does not apply). */
  ownNetworks: boolean;
}

/** SHA-256 of a key, base64url: what `api_keys.secret_hash` holds. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** A new key: the secret shown once, the characters a list shows, and the hash stored. */
export function newApiKey(): { secret: string; shown: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, shown: secret.slice(0, SHOWN_CHARS), hash: hashApiKey(secret) };
}

/**
 * The key authenticator of an app: `(req, key)` answers the key's member and the key, or null when
 * no key has that secret; throws the refusals above.
 */
export function createKeyAuth(db: Db) {
  const findKey = db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('guard_find_api_key');

  return async function authenticateKey(
    req: FastifyRequest,
    secret: string,
  ): Promise<{ user: UserRow; key: RequestKey } | null> {
    const [row] = await findKey.execute({ hash: hashApiKey(secret) });
    if (!row) return null;
    const { key, user } = row;
    const now = Date.now();
    if (key.revokedAt) throw new AppError('api_key_revoked');
    if (key.expiresAt.getTime() <= now) throw new AppError('api_key_expired');
    if (key.allowedNetworks.length > 0 && !inNetworks(req.ip, parseNetworks(key.allowedNetworks.join(',')))) {
      // the route's pattern, never the URL: a query string may hold what the log must not
      const asked = `${req.method} ${req.routeOptions.url ?? 'unmatched'}`;
      await db.transaction((tx) =>
        recordAudit(
          tx,
          { id: user.id, ip: req.ip, keyId: key.id },
          { action: 'api_key.network_refused', targetId: key.id, after: { ip: req.ip, asked } },
        ),
      );
      throw new AppError('api_key_network_refused');
    }
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= IDLE_TOUCH_MS) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now), lastUsedIp: req.ip })
        .where(eq(apiKeys.id, key.id));
    }
    return {
      user,
      key: {
        id: key.id,
        name: key.name,
        permissions: key.permissions as Permission[],
        ownNetworks: key.allowedNetworks.length > 0,
      },
    };
  };
}
