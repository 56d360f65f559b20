/**
 * Sign-in (docs/security.md): the password step, the per-account lock, the second step for accounts
 * with two-factor authentication, the sign-in history and the new-device notice.
 *
 * 1. Every check is reserved before it is made (throttle.ts): a locked account, or one with 5
 *    failures and checks under way in its window, is refused before the password is checked: 429
 *    SECURITY_MSG.locked, even with the right password.
 * 2. The password is checked by better-auth (argon2id; an unknown e-mail costs the same hash).
 * 3. With 2FA on, the fresh session is dropped and a challenge (32 random bytes, stored as its
 *    SHA-256; 5 minutes, 5 tries) is answered instead of a token; `verifyChallenge` with a TOTP or
 *    backup code then opens the session. Each try is taken from the challenge (one UPDATE that
 *    refuses the sixth) and from the account's budget before the code is checked.
 * 4. Every attempt on an existing account is recorded; a failure (wrong password or code) keeps its
 *    reserved attempt, a right password gives it back, and the owner gets one e-mail per lock. A
 *    client's sign-in from a new device and network holds their withdrawals (security-holds).
 * 5. A password reset, a change of two-factor authentication, a block or a deactivation ends the
 *    user's open challenges (challenges.ts).
 * 6. A passkey (passkey-routes.ts) signs in on its own, or answers the challenge instead of a code;
 *    staff under STAFF_TWO_FACTOR=required whose second factor is a passkey get the challenge too.
 *
 * Throws AppError 401 (wrong e-mail or password; challenge expired or used up), 400 (wrong code),
 * 403 (blocked; not an admin on the admin sign-in), 429 (locked).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { isStaffRole } from '@common/permissions';
import { sessions as sessionTable, twoFactorChallenges, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import type { UserRow } from '../../db/rows';
import { newSignInMail } from './emails';
import type { RequestOrigin } from './sessions';
import { checkStaffNetwork } from './staff-networks';
import { hasPasskey } from './staff-second-factor';

/** A challenge lasts 5 minutes and allows 5 wrong codes. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_TRIES = 5;

/** An opened session: its token and user, and whether staff must still enrol a second factor. */
export type SignedIn = { token: string; user: UserRow; twoFactorSetupRequired: boolean };

/** What a sign-in step answers: a session, or a challenge for the second step. */
export type SignInOutcome = SignedIn | { challenge: string };

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

export function createSignInService({
  db,
  auth,
  mailer,
  throttle,
  sessions,
  twoFactor,
  config,
  holds,
}: ServiceDeps) {
  const { staffTwoFactor } = config;
  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  }

  /**
   * Keeps reserved attempt `n` as a failure; the failure that locks the account e-mails its owner
   * (once per lock).
   */
  async function fail(
    user: UserRow | undefined,
    email: string,
    origin: RequestOrigin,
    result: 'wrong_password' | 'two_factor_failed',
    n: number,
  ) {
    if (user) await sessions.record(user.id, origin, result);
    await throttle.failSignIn(email, n, user);
  }

  /**
   * Records a complete sign-in, clears the failures and reports an unfamiliar device; a client's
   * first sign-in from a new device and network holds their withdrawals (docs/security.md "Holds
   * after security changes"; never their very first sign-in: `isUnfamiliar`).
   */
  async function succeed(user: UserRow, origin: RequestOrigin): Promise<void> {
    const unfamiliar = await sessions.isUnfamiliar(user.id, origin);
    await sessions.record(user.id, origin, 'success');
    await throttle.clearSignInFailures(user.email);
    if (!unfamiliar) return;
    const hold = await holds.start(db, user, 'new_device', user.id);
    await mailer.send(newSignInMail(user, origin, new Date(), hold));
  }

  /** Reserves a check of `email`'s account (throttle.ts); a refusal is recorded as `locked`. */
  async function reserve(email: string, user: UserRow | undefined, origin: RequestOrigin): Promise<number> {
    try {
      return await throttle.reserveSignIn(email);
    } catch (e) {
      if (user) await sessions.record(user.id, origin, 'locked');
      throw e;
    }
  }

  /** Whether STAFF_TWO_FACTOR=required applies to `user` (staff under the required setting). */
  const mustUseSecondFactor = (user: UserRow) => staffTwoFactor === 'required' && isStaffRole(user.role);
  const setupRequired = async (user: UserRow) =>
    mustUseSecondFactor(user) && !user.twoFactorEnabled && !(await hasPasskey(db, user.id));

  return {
    /**
     * The password step. `adminOnly` (the admin sign-in) refuses non-admins with 403. `remember`
     * false ("Remember me" off): the session ends after SESSION_IDLE_MINUTES idle (idle.ts).
     */
    async signIn(
      email: string,
      password: string,
      adminOnly: boolean,
      origin: RequestOrigin,
      remember = true,
    ): Promise<SignInOutcome> {
      const known = await findByEmail(email);
      const n = await reserve(email, known, origin);
      let token: string;
      try {
        const res = await auth.api.signInEmail({
          body: { email, password, rememberMe: remember },
          headers: new Headers({ 'user-agent': origin.userAgent, 'x-forwarded-for': origin.ip }),
        });
        token = res.token;
      } catch (e) {
        const code = isAPIError(e) ? (e.body as { code?: string } | undefined)?.code : undefined;
        if (code === 'INVALID_EMAIL_OR_PASSWORD') {
          await fail(known, email, origin, 'wrong_password', n);
          throw new AppError('invalid_credentials');
        }
        await throttle.releaseSignIn(email);
        if (code === 'BANNED_USER') {
          if (known) await sessions.record(known.id, origin, 'blocked');
          throw new AppError(known?.deactivatedAt ? 'staff_deactivated' : 'account_blocked');
        }
        throw e;
      }
      const user = known ?? (await findByEmail(email))!;
      // a staff member outside STAFF_ALLOWED_NETWORKS gets no session (audited: staff-networks.ts)
      await checkStaffNetwork(db, config.staffAllowedNetworks, user, origin.ip, 'sign-in').catch(
        async (e: unknown) => {
          await db.delete(sessionTable).where(eq(sessionTable.token, token));
          throw e;
        },
      );
      const notStaff = adminOnly && !isStaffRole(user.role);
      // the second step: a TOTP code, or a passkey (for staff whose passkey is their second factor)
      const secondStep =
        user.twoFactorEnabled || (mustUseSecondFactor(user) && (await hasPasskey(db, user.id)));
      if (notStaff || secondStep) {
        await db.delete(sessionTable).where(eq(sessionTable.token, token));
        // the password was right: the attempt goes back, the second step reserves its own
        await throttle.releaseSignIn(email);
      }
      if (notStaff) throw new AppError('not_admin');
      if (secondStep) {
        const challenge = randomBytes(32).toString('base64url');
        await db.insert(twoFactorChallenges).values({
          tokenHash: sha256(challenge),
          userId: user.id,
          ip: origin.ip,
          userAgent: origin.userAgent.slice(0, 500),
          expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        });
        return { challenge };
      }
      if (!remember) await sessions.forget(token);
      await succeed(user, origin);
      return { token, user, twoFactorSetupRequired: await setupRequired(user) };
    },

    /**
     * Completes a sign-in with a passkey (docs/security.md "Passkeys"): `token` is the session
     * better-auth's passkey plugin opened for `userId` after verifying the assertion (with user
     * verification: a passkey is both factors). With `challenge` it is the second step of a password
     * sign-in instead of a code: the challenge must be live and the passkey's owner's, and is used up.
     * A staff member outside STAFF_ALLOWED_NETWORKS is refused. On any refusal the session ends.
     * `remember` false: the session ends after SESSION_IDLE_MINUTES idle (idle.ts).
     * Throws 401 sign_in_expired (challenge), 403 staff_network_refused / account_blocked.
     */
    async completePasskey(
      token: string,
      userId: string,
      origin: RequestOrigin,
      challenge?: string,
      remember = true,
    ): Promise<SignedIn> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      try {
        if (!user) throw new AppError('sign_in_expired');
        if (user.banned) throw new AppError(user.deactivatedAt ? 'staff_deactivated' : 'account_blocked');
        if (challenge !== undefined) {
          const used = await db
            .update(twoFactorChallenges)
            .set({ consumedAt: sql`now()` })
            .where(
              and(
                eq(twoFactorChallenges.tokenHash, sha256(challenge)),
                eq(twoFactorChallenges.userId, userId),
                isNull(twoFactorChallenges.consumedAt),
                gt(twoFactorChallenges.expiresAt, sql`now()`),
                lt(twoFactorChallenges.attempts, CHALLENGE_TRIES),
              ),
            )
            .returning({ id: twoFactorChallenges.id });
          if (used.length === 0) throw new AppError('sign_in_expired');
        }
        await checkStaffNetwork(db, config.staffAllowedNetworks, user, origin.ip, 'passkey sign-in');
      } catch (e) {
        await db.delete(sessionTable).where(eq(sessionTable.token, token));
        throw e;
      }
      if (!remember) await sessions.forget(token);
      await succeed(user, origin);
      return { token, user, twoFactorSetupRequired: false };
    },

    /**
     * The second step: a TOTP or backup code for a live challenge opens a session. One of the
     * challenge's 5 tries and one attempt of the account are taken before the code is checked; a
     * wrong code keeps both. `remember` as in `signIn`.
     */
    async verifyChallenge(
      challenge: string,
      code: string,
      origin: RequestOrigin,
      remember = true,
    ): Promise<SignedIn> {
      const live = and(
        eq(twoFactorChallenges.tokenHash, sha256(challenge)),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
      );
      const [found] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(and(live, lt(twoFactorChallenges.attempts, CHALLENGE_TRIES)))
        .returning({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId });
      if (!found) throw new AppError('sign_in_expired');
      const [user] = await db.select().from(users).where(eq(users.id, found.userId)).limit(1);
      if (!user) throw new AppError('sign_in_expired');
      if (user.banned) {
        await sessions.record(user.id, origin, 'blocked');
        throw new AppError('account_blocked');
      }
      const n = await reserve(user.email, user, origin);
      const accepted = await db
        .transaction(async (tx) => {
          const used = await tx
            .update(twoFactorChallenges)
            .set({ consumedAt: sql`now()` })
            .where(and(eq(twoFactorChallenges.id, found.id), live))
            .returning({ id: twoFactorChallenges.id });
          if (used.length === 0) throw new AppError('sign_in_expired');
          if (await twoFactor.acceptCode(tx, user.id, code)) return true;
          tx.rollback();
          return false;
        })
        .catch(async (e: unknown) => {
          // rolled back: the code was wrong, and the challenge was not consumed
          if (e instanceof TransactionRollbackError) return false;
          // used or ended meanwhile: no code was checked
          await throttle.releaseSignIn(user.email);
          throw e;
        });
      if (!accepted) {
        await fail(user, user.email, origin, 'two_factor_failed', n);
        throw new AppError('invalid_authentication_code');
      }
      const ctx = await auth.$context;
      const session = await ctx.internalAdapter.createSession(user.id, !remember, {
        ipAddress: origin.ip,
        userAgent: origin.userAgent,
      });
      if (!remember) await sessions.forget(session.token);
      await succeed(user, origin);
      return { token: session.token, user, twoFactorSetupRequired: false };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
