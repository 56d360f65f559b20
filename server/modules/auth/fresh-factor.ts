/**
 * A fresh second factor before a sensitive change (docs/security.md "Passkeys"): an authenticator
 * or backup code, checked under the sign-in lock (throttle.ts), or else this session's passkey
 * confirmation of the last 5 minutes, used up by the change. Removing a passkey and creating an
 * API key ask for it.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { ErrorCode } from '@common/errors';
import { sessionReverifications } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';

/** A passkey confirmation lets one sensitive change through for this long. */
export const REVERIFY_TTL_MS = 5 * 60_000;

/**
 * The check of an app. `confirm(user, sessionId, code)` answers when the factor holds; throws 409
 * `two_factor_not_on` (a code without two-factor on), 400 `invalid_authentication_code`, 429 while
 * the account is locked, 403 `reverification_required` (no code and no fresh confirmation).
 */
/** What a fresh-factor check may answer (for the OpenAPI document's per-operation codes). */
export const FRESH_FACTOR_CODES = [
  'two_factor_not_on',
  'invalid_authentication_code',
  'authentication_code_used',
  'reverification_required',
  'account_locked',
] as const satisfies readonly ErrorCode[];

export function createFreshFactor({
  db,
  throttle,
  twoFactor,
}: Pick<ServiceDeps, 'db' | 'throttle' | 'twoFactor'>) {
  return async function confirm(user: UserRow, sessionId: string, code: string | undefined): Promise<void> {
    if (code !== undefined) {
      if (!user.twoFactorEnabled) throw new AppError('two_factor_not_on');
      await throttle.checkSecret(user, async () => {
        if (!(await twoFactor.acceptCode(db, user.id, code)))
          throw new AppError('invalid_authentication_code');
      });
      return;
    }
    const used = await db
      .delete(sessionReverifications)
      .where(
        and(
          eq(sessionReverifications.sessionId, sessionId),
          gt(sessionReverifications.verifiedAt, new Date(Date.now() - REVERIFY_TTL_MS)),
        ),
      )
      .returning({ sessionId: sessionReverifications.sessionId });
    if (used.length === 0) throw new AppError('reverification_required');
  };
}
