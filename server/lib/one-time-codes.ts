/**
 * One-time codes we issue ourselves (docs/product.md): 6 digits, valid 10 minutes,
 * at most 5 wrong tries, single use, bound to one user, one purpose and one scope (for a
 * withdrawal: its method, amount and destination, so a code works only for the withdrawal its
 * mail names). Only an HMAC of "user:purpose:scope:code" is stored, so nobody — admins included —
 * can read a code back.
 * A user may hold a few live codes at once (each single use); every try is counted against all of
 * them before the code is compared (withdrawals/request.ts), so a burst checks at most 5 per code.
 */
import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@common/constants';
import type { DbOrTx } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import type { BaseDeps } from './base-deps';

export type CodePurpose = 'withdrawal';

/**
 * How a code is stored: an HMAC-SHA-256 (keyed with the session secret) of the user, the purpose,
 * the scope (what the code may confirm; JSON without a colon-free guarantee, so it goes last but
 * one, before the fixed-length code) and the code, base64url; never the code itself
 * (withdrawals/request.ts compares it in SQL).
 */
export function oneTimeCodeHash(
  secret: string,
  userId: string,
  purpose: CodePurpose,
  scope: string,
  code: string,
): string {
  return createHmac('sha256', secret).update(`otc:${userId}:${purpose}:${scope}:${code}`).digest('base64url');
}

export function createOneTimeCodes({ config }: BaseDeps) {
  const secret = config.sessionSecret;
  const hash = (userId: string, purpose: CodePurpose, scope: string, code: string) =>
    oneTimeCodeHash(secret, userId, purpose, scope, code);
  return {
    /**
     * Creates a code for the user, purpose and `scope` (what it may confirm) and answers it in
     * clear (to be e-mailed, never stored).
     */
    async issue(conn: DbOrTx, userId: string, purpose: CodePurpose, scope: string): Promise<string> {
      const code = randomInt(0, 1_000_000).toString().padStart(LIMITS.otpLength, '0');
      await conn.insert(oneTimeCodes).values({
        userId,
        purpose,
        codeHash: hash(userId, purpose, scope, code),
        expiresAt: sql`now() + make_interval(secs => ${LIMITS.otpTtlSeconds})`,
      });
      return code;
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
