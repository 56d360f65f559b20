/**
 * One-time codes we issue ourselves (docs/product.md): 6 digits, valid 10 minutes,
 * at most 5 wrong tries, single use, bound to one user and one purpose. Only an HMAC of
 * "user:purpose:code" is stored, so nobody — admins included — can read a code back.
 * A user may hold a few live codes at once (each single use); a wrong try counts against all of them.
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { LIMITS } from '@common/constants';
import type { DbOrTx, Tx } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import type { BaseDeps } from './base-deps';

export type CodePurpose = 'withdrawal';

/**
 * How a code is stored: an HMAC-SHA-256 (keyed with the session secret) of the user, the purpose
 * and the code, base64url; never the code itself (withdrawals/request.ts compares it in SQL).
 */
export function oneTimeCodeHash(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`otc:${userId}:${purpose}:${code}`).digest('base64url');
}

export function createOneTimeCodes({ db, config }: BaseDeps) {
  const secret = config.sessionSecret;
  const hash = (userId: string, purpose: CodePurpose, code: string) =>
    oneTimeCodeHash(secret, userId, purpose, code);
  const live = (userId: string, purpose: CodePurpose) =>
    and(
      eq(oneTimeCodes.userId, userId),
      eq(oneTimeCodes.purpose, purpose),
      isNull(oneTimeCodes.consumedAt),
      gt(oneTimeCodes.expiresAt, sql`now()`),
      lt(oneTimeCodes.attempts, LIMITS.otpMaxAttempts),
    );

  return {
    /** Creates a code for the user and purpose and answers it in clear (to be e-mailed, never stored). */
    async issue(conn: DbOrTx, userId: string, purpose: CodePurpose): Promise<string> {
      const code = randomInt(0, 1_000_000).toString().padStart(LIMITS.otpLength, '0');
      await conn.insert(oneTimeCodes).values({
        userId,
        purpose,
        codeHash: hash(userId, purpose, code),
        expiresAt: sql`now() + make_interval(secs => ${LIMITS.otpTtlSeconds})`,
      });
      return code;
    },

    /**
     * Uses up a live matching code inside the caller's transaction. Answers false when none matches
     * (wrong, expired, used, or out of tries); the caller then records the failure after rollback.
     */
    async consume(tx: Tx, userId: string, purpose: CodePurpose, code: string): Promise<boolean> {
      const used = await tx
        .update(oneTimeCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(live(userId, purpose), eq(oneTimeCodes.codeHash, hash(userId, purpose, code))))
        .returning({ id: oneTimeCodes.id });
      return used.length > 0;
    },

    /** Counts a wrong try against every live code of the user for `purpose`. */
    async recordFailure(userId: string, purpose: CodePurpose): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(live(userId, purpose));
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
