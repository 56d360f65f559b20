/**
 * Per-account limits (OWASP ASVS 6.3.x; docs/security.md "Throttling"). They ignore the IP, so no
 * pool of addresses gets a fresh budget, and are counted in the database (`rate_limit_hits`, keys
 * `acct:<kind>:<subject>`), so they hold across API processes. The subject is the lower-cased e-mail
 * string as typed (sign-in, reset, verification), whether or not an account exists, so the answers
 * never tell whether one does; withdrawal codes count by user id.
 *
 * - Sign-in: 5 failures (wrong password or wrong second-factor code) in 15 minutes lock the account
 *   for 15 minutes; during the lock even the right password is refused (429, SECURITY_MSG.locked).
 *   A success clears the failures.
 * - Codes (password reset, e-mail verification, withdrawal): at most 3 e-mails per hour (429
 *   MSG.tooManyRequests), and at most 10 failed verifications per 24 hours, after which every code
 *   of that kind is refused until the window ends (429, SECURITY_MSG.locked).
 */
import { MSG, SECURITY_MSG } from '@common/messages';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { BaseDeps } from '../../lib/base-deps';
import { clearHits, countHit, countHitBelow, peekHits, startWindow } from '../../lib/rate-limit-store';

const MINUTE = 60_000;

/** Sign-in: failures before a lock, the window they count in, and the lock's length. */
export const SIGNIN_LIMITS = { failures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE } as const;

/** Codes of each kind: e-mails per hour and failed verifications per 24 hours. */
export const CODE_LIMITS = {
  mails: 3,
  mailWindowMs: 60 * MINUTE,
  failures: 10,
  failureWindowMs: 24 * 60 * MINUTE,
} as const;

/** The kinds of e-mailed code, each with its own budget. */
export type CodeKind = 'reset' | 'verify' | 'withdrawal';

const key = (kind: string, subject: string) => `acct:${kind}:${subject.toLowerCase()}`;

/** The rate-limit key that counts `subject`'s wrong `kind` codes (read in SQL by withdrawals/request.ts). */
export const codeFailureKey = (kind: CodeKind, subject: string) => key(`${kind}-fail`, subject);

export function createAccountThrottle({ db }: BaseDeps) {
  return {
    /** Throws 429 SECURITY_MSG.locked while `email`'s sign-in is locked. */
    async assertSignInAllowed(email: string): Promise<void> {
      if ((await peekHits(db, key('signin-lock', email))).hits > 0) {
        throw new AppError('TOO_MANY_REQUESTS', SECURITY_MSG.locked);
      }
    },

    /**
     * Counts a failed sign-in step for `email`. Answers true when this failure locked the account
     * (exactly one caller sees true per lock, so the owner gets one e-mail per lock).
     */
    async recordSignInFailure(email: string): Promise<boolean> {
      const { hits } = await countHit(db, key('signin-fail', email), SIGNIN_LIMITS.windowMs);
      if (hits < SIGNIN_LIMITS.failures) return false;
      return startWindow(db, key('signin-lock', email), SIGNIN_LIMITS.lockMs);
    },

    /** Forgets `email`'s failed sign-ins (after a complete sign-in). */
    async clearSignInFailures(email: string): Promise<void> {
      await clearHits(db, key('signin-fail', email));
    },

    /**
     * Counts one e-mail of a `kind` code to `subject`. Throws 429 (counting nothing) once 3 were
     * sent in the hour; with `quiet`, answers false instead (for mails whose sending must not show
     * in the answer).
     */
    async countCodeMail(kind: CodeKind, subject: string, opts: { quiet?: boolean } = {}): Promise<boolean> {
      const key_ = key(`${kind}-mail`, subject);
      if (await countHitBelow(db, key_, CODE_LIMITS.mailWindowMs, CODE_LIMITS.mails)) return true;
      if (opts.quiet) return false;
      throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests);
    },

    /**
     * Throws 429 SECURITY_MSG.locked once 10 `kind` codes of `subject` failed in 24 hours. Reads
     * on `conn` when given (a caller inside a transaction: PGlite has a single connection).
     */
    async assertCodeAllowed(kind: CodeKind, subject: string, conn: DbOrTx = db): Promise<void> {
      if ((await peekHits(conn, codeFailureKey(kind, subject))).hits >= CODE_LIMITS.failures) {
        throw new AppError('TOO_MANY_REQUESTS', SECURITY_MSG.locked);
      }
    },

    /** Counts one failed verification of a `kind` code of `subject`. */
    async recordCodeFailure(kind: CodeKind, subject: string): Promise<void> {
      await countHit(db, codeFailureKey(kind, subject), CODE_LIMITS.failureWindowMs);
    },
  };
}

export type AccountThrottle = ReturnType<typeof createAccountThrottle>;
