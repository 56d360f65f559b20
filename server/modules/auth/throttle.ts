/**
 * Per-account limits (OWASP ASVS 6.3.x; docs/security.md "Throttling"). They ignore the IP, so no
 * pool of addresses gets a fresh budget, and are counted in the database (`rate_limit_hits`, keys
 * `acct:<kind>:<subject>`), so they hold across API processes. The subject is the lower-cased e-mail
 * string as typed (sign-in, reset, verification), whether or not an account exists, so the answers
 * never tell whether one does; withdrawal codes count by user id.
 *
 * Every attempt is reserved before it is checked: one statement adds it to the count only while the
 * count is below the budget (`reserveHit`), so a burst over any number of processes checks at most
 * the budget. A check that passes gives its attempt back (`release*`); a failure keeps it.
 *
 * - Sign-in: 5 failures (wrong password or wrong second-factor code, at sign-in or in a signed-in
 *   check of the password or a code) in 15 minutes lock the account for 15 minutes from the fifth;
 *   during the lock even the right password is refused (429, SECURITY_MSG.locked). A complete
 *   sign-in clears the failures.
 * - Codes (password reset, e-mail verification, withdrawal): at most 3 e-mails per hour (429
 *   MSG.tooManyRequests), and at most 10 failed verifications per 24 hours, after which every code
 *   of that kind is refused until the window ends (429, SECURITY_MSG.locked).
 */
import { AppError, type ErrorCode } from '../../lib/errors';
import type { BaseDeps } from '../../lib/base-deps';
import { accountLockedMail, type Recipient } from './emails';
import { clearHits, countHitBelow, extendWindow, releaseHit, reserveHit } from '../../lib/rate-limit-store';

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

/** The rate-limit key that counts `email`'s failed sign-ins (its lock: SIGNIN_LIMITS). */
export const signInKey = (email: string) => key('signin-fail', email);

/** The answers of a wrong password or second-factor code: failures that keep their attempt. */
const WRONG_SECRET: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'wrong_password',
  'invalid_authentication_code',
  'wrong_old_password',
]);

/** True for the 400 of a wrong code or one that cannot be used (expired, used up, unknown). */
const isCodeFailure = (e: unknown) => e instanceof AppError && e.statusCode === 400;

export function createAccountThrottle({ db, mailer }: BaseDeps) {
  const throttle = {
    /**
     * Reserves one sign-in check (a password or a second-factor code) of `email`'s account before
     * it is made; answers its number in the window (1..5). Throws 429 SECURITY_MSG.locked, counting
     * nothing, once 5 are counted (failures and checks under way) or while the account is locked.
     */
    async reserveSignIn(email: string): Promise<number> {
      const n = await reserveHit(db, signInKey(email), SIGNIN_LIMITS.windowMs, SIGNIN_LIMITS.failures);
      if (n === null) throw new AppError('account_locked');
      return n;
    },

    /**
     * Keeps reserved attempt `n` of `email` as a failure. The failure of the fifth attempt locks the
     * account for 15 minutes from now (one caller per lock) and e-mails `owner`, when the account
     * exists, that sign-in is paused.
     */
    async failSignIn(email: string, n: number, owner?: Recipient): Promise<void> {
      if (n < SIGNIN_LIMITS.failures) return;
      await extendWindow(db, signInKey(email), SIGNIN_LIMITS.lockMs);
      if (owner) await mailer.send(accountLockedMail(owner));
    },

    /** Gives back a reserved sign-in attempt whose check passed short of a complete sign-in. */
    async releaseSignIn(email: string): Promise<void> {
      await releaseHit(db, signInKey(email));
    },

    /** Forgets `email`'s failed sign-ins (after a complete sign-in). */
    async clearSignInFailures(email: string): Promise<void> {
      await clearHits(db, signInKey(email));
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
      throw new AppError('too_many_requests');
    },

    /**
     * Reserves one check of a `kind` code of `subject` before it is made; the attempt stays counted
     * as a failure unless `releaseCode` gives it back. Throws 429 SECURITY_MSG.locked, counting
     * nothing, once 10 are counted in 24 hours.
     */
    async reserveCode(kind: CodeKind, subject: string): Promise<void> {
      const window = CODE_LIMITS.failureWindowMs;
      if ((await reserveHit(db, codeFailureKey(kind, subject), window, CODE_LIMITS.failures)) === null) {
        throw new AppError('account_locked');
      }
    },

    /** Gives back a reserved `kind` code check of `subject` that passed. */
    async releaseCode(kind: CodeKind, subject: string): Promise<void> {
      await releaseHit(db, codeFailureKey(kind, subject));
    },

    /**
     * Runs `check`, a signed-in check of `user`'s password or second-factor code (2FA set-up and
     * turning it off, password change), under the sign-in budget: an attempt is reserved first
     * (429 SECURITY_MSG.locked while the account is locked); a wrong password or code keeps it (the
     * failure that locks e-mails the owner); anything else gives it back. Answers `check`'s answer.
     */
    async checkSecret<T>(user: Recipient, check: () => Promise<T>): Promise<T> {
      const n = await throttle.reserveSignIn(user.email);
      let out: T;
      try {
        out = await check();
      } catch (e) {
        if (e instanceof AppError && WRONG_SECRET.has(e.code)) await throttle.failSignIn(user.email, n, user);
        else await throttle.releaseSignIn(user.email);
        throw e;
      }
      await throttle.releaseSignIn(user.email);
      return out;
    },

    /**
     * Runs `check`, a check of a `kind` code of `subject`, under the code budget: an attempt is
     * reserved first (429 SECURITY_MSG.locked after 10 failures in 24 hours); a 400 (a wrong, used
     * or expired code) keeps it, anything else gives it back. Answers `check`'s answer.
     */
    async checkCode<T>(kind: CodeKind, subject: string, check: () => Promise<T>): Promise<T> {
      await throttle.reserveCode(kind, subject);
      let out: T;
      try {
        out = await check();
      } catch (e) {
        if (!isCodeFailure(e)) await throttle.releaseCode(kind, subject);
        throw e;
      }
      await throttle.releaseCode(kind, subject);
      return out;
    },
  };
  return throttle;
}

export type AccountThrottle = ReturnType<typeof createAccountThrottle>;
