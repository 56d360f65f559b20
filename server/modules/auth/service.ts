/**
 * Account flows behind /api/auth (docs/security.md): sign-up, e-mail verification, password change
 * and reset, and turning two-factor authentication on and off. Sign-in itself is in sign-in.ts.
 * Each function calls better-auth's server API and translates its errors into `AppError`s with
 * messages the screens show, under the per-account limits of throttle.ts.
 *
 * Throws AppError: 400 (bad code / wrong password / unknown referral), 409 (already verified, 2FA
 * state), 429 (per-account limits).
 */
import { and, eq, ne, notExists } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { SignupInput } from '@common/schemas/auth';
import { holdEndText } from '@common/schemas/security-holds';
import { accounts, sessions, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError, type ErrorCode } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction } from '../../lib/unit-of-work';
import { recordEvent } from '../../lib/webhook-events';
import type { UserRow } from '../../db/rows';
import { checkPassword, generateReferralCode, hashPassword } from './better-auth';
import { endChallenges } from './challenges';
import { passwordChangedMail, signupAttemptMail, twoFactorChangedMail, type HoldNotice } from './emails';

/** better-auth error codes → ours (common/errors.ts: status and message). */
const TRANSLATE: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'email_taken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_taken',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  BANNED_USER: 'account_blocked',
  INVALID_OTP: 'invalid_otp',
  OTP_EXPIRED: 'invalid_otp',
  TOO_MANY_ATTEMPTS: 'too_many_code_attempts',
  INVALID_PASSWORD: 'wrong_old_password',
  PASSWORD_TOO_SHORT: 'password_too_short',
  USER_NOT_FOUND: 'invalid_otp',
  INVALID_EMAIL: 'invalid_email',
};

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isAPIError(e)) {
      const code = (e.body as { code?: string } | undefined)?.code ?? '';
      const t = TRANSLATE[code];
      if (t) throw new AppError(t);
      if (e.statusCode === 429) throw new AppError('too_many_requests');
      if (e.statusCode >= 400 && e.statusCode < 500)
        throw new AppError('bad_request', e.message || undefined);
    }
    throw e;
  }
}

function bearer(token: string): Headers {
  return new Headers({ authorization: `Bearer ${token}` });
}

/**
 * The row a new sign-up would have had, for the answer to a sign-up with a taken e-mail: the same
 * shape and defaults as a real one, a fresh id and referral code, so the answer tells nothing.
 */
function wouldBeUser(input: SignupInput, referredBy: string | undefined): UserRow {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    emailVerified: false,
    image: null,
    role: 'client',
    banned: false,
    banReason: null,
    banExpires: null,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    gender: input.gender,
    country: input.country,
    address: '',
    state: '',
    verificationStatus: 'awaiting',
    accountPlan: 'Basic',
    currencySymbol: '$',
    referralId: generateReferralCode(),
    twoFactorEnabled: false,
    referredBy: referredBy ?? null,
    profilePictureKey: null,
    documentType: null,
    documentFrontKey: null,
    documentBackKey: null,
    verificationSubmittedAt: null,
    verificationReason: null,
    verificationDecidedAt: null,
    verificationDecidedBy: null,
    termsAcceptedAt: now,
    addressVerifiedAt: null,
    deactivatedAt: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export function createAuthService({
  db,
  log,
  auth,
  mailer,
  throttle,
  twoFactor,
  notifications,
  holds,
}: ServiceDeps) {
  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async function findUserById(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /**
   * True for a staff member who never accepted their invitation (no password yet): only the
   * invitation link sets their first password (docs/security.md "Throttling", "Invitations").
   */
  async function isInvitedOnly(email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.email, email.toLowerCase()),
          ne(users.role, 'client'),
          notExists(
            db
              .select({ id: accounts.id })
              .from(accounts)
              .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential'))),
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    findUserById,

    /**
     * Registers a client and e-mails the verification code. Answers the new user row. With an
     * e-mail that already has an account it answers a row of the same shape (nothing is created),
     * after the same password hashing, and e-mails the owner instead: the answer tells nothing.
     */
    async signup(input: SignupInput): Promise<UserRow> {
      let referredBy: string | undefined;
      if (input.referralId) {
        const [referrer] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.referralId, input.referralId.toUpperCase()))
          .limit(1);
        if (!referrer) throw new AppError('unknown_referral');
        referredBy = referrer.id;
      }
      const owner = await findUserByEmail(input.email);
      if (owner) {
        await hashPassword(input.password); // the cost of a real sign-up's hash
        if (await throttle.countCodeMail('verify', input.email, { quiet: true })) {
          await mailer.send(signupAttemptMail(owner));
        }
        return wouldBeUser(input, referredBy);
      }
      await throttle.countCodeMail('verify', input.email, { quiet: true });
      const res = await call(() =>
        auth.api.signUpEmail({
          body: {
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            password: input.password,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            gender: input.gender,
            country: input.country,
            referredBy,
            // the schema let only an accepted consent box through: its time is kept
            termsAcceptedAt: new Date(),
          },
        }),
      );
      // better-auth commits the account in its own transaction: the event follows it at once (a
      // process that dies in between loses this one event; the client list still has the client)
      await recordEvent(db, { type: 'client.registered', data: { clientId: res.user.id } });
      return findUserById(res.user.id);
    },

    /**
     * Confirms the signed-in user's e-mail with the 6-digit code (5 tries, 10 minutes, single use;
     * each check reserved first, at most 10 failures in 24 hours, then 429).
     */
    async verifyEmail(user: UserRow, otp: string): Promise<UserRow> {
      if (user.emailVerified) throw new AppError('already_verified');
      await throttle.checkCode('verify', user.email, () =>
        call(() => auth.api.verifyEmailOTP({ body: { email: user.email, otp } })),
      );
      return findUserById(user.id);
    },

    /** Sends a fresh verification code (the previous one stops working); at most 3 an hour (429). */
    async resendVerification(user: UserRow): Promise<void> {
      if (user.emailVerified) throw new AppError('already_verified');
      await throttle.countCodeMail('verify', user.email);
      await call(() =>
        auth.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } }),
      );
    },

    async signout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token, token));
    },

    /**
     * Changes the password after checking the old one (a check that counts toward the sign-in
     * lock, throttle.ts `checkSecret`); every other session and every open sign-in challenge of
     * the user ends, withdrawals are held (docs/security.md "Holds after security changes") and the
     * owner is e-mailed.
     */
    async changePassword(
      user: UserRow,
      token: string,
      oldPassword: string,
      newPassword: string,
    ): Promise<void> {
      await throttle.checkSecret(user, () =>
        call(() =>
          auth.api.changePassword({
            body: { currentPassword: oldPassword, newPassword },
            headers: bearer(token),
          }),
        ),
      );
      const hold = await db.transaction(async (tx) => {
        await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, token)));
        await endChallenges(tx, user.id);
        return holds.start(tx, user, 'password_change', user.id);
      });
      await mailer.send(passwordChangedMail(user, hold));
    },

    /**
     * E-mails a reset code if the account exists; the answer never tells whether it does. At most 3
     * per e-mail string an hour, account or not (429). A staff member who never accepted their
     * invitation gets no code (their invitation link is the only way in): the same answer as for
     * an unknown address.
     */
    async forgotPassword(email: string): Promise<void> {
      await throttle.countCodeMail('reset', email);
      if (await isInvitedOnly(email)) return;
      await call(() => auth.api.requestPasswordResetEmailOTP({ body: { email } }));
    },

    /**
     * Sets a new password with the e-mailed code; all sessions and open sign-in challenges of the
     * user end, withdrawals are held and the owner is e-mailed. Each check is reserved first: after 10 failed codes for
     * an e-mail in 24 hours every code is refused (429). A staff member who never accepted their
     * invitation is answered as a wrong code (400).
     */
    async resetPassword(email: string, otp: string, newPassword: string): Promise<void> {
      await throttle.checkCode('reset', email, async () => {
        if (await isInvitedOnly(email)) throw new AppError('invalid_otp');
        await call(() => auth.api.resetPasswordEmailOTP({ body: { email, otp, password: newPassword } }));
      });
      const owner = await findUserByEmail(email);
      const hold = owner
        ? await db.transaction(async (tx) => {
            await endChallenges(tx, owner.id);
            return holds.start(tx, owner, 'password_reset', owner.id);
          })
        : undefined;
      await mailer.send(passwordChangedMail(owner ?? { email }, hold));
    },

    /**
     * Starts two-factor set-up after checking the password (counted toward the sign-in lock);
     * answers the URI and backup codes.
     */
    async setUpTwoFactor(user: UserRow, password: string) {
      await throttle.checkSecret(user, () => checkPassword(auth, user.id, password));
      return twoFactor.setUp(user);
    },

    /** Turns two-factor authentication on with a first valid code; e-mails the owner. */
    async enableTwoFactor(user: UserRow, code: string): Promise<UserRow> {
      await twoFactor.enable(user.id, code);
      await mailer.send(twoFactorChangedMail(user, 'enabled'));
      return findUserById(user.id);
    },

    /**
     * Turns it off with the password and a code (authenticator or backup), one check counted toward
     * the sign-in lock; open sign-in challenges end; withdrawals are held (in the same
     * transaction); e-mails the owner.
     */
    async disableTwoFactor(user: UserRow, password: string, code: string): Promise<UserRow> {
      if (!user.twoFactorEnabled) throw new AppError('two_factor_not_on');
      let hold: HoldNotice | undefined;
      await throttle.checkSecret(user, async () => {
        await checkPassword(auth, user.id, password);
        await db.transaction(async (tx) => {
          if (!(await twoFactor.acceptCode(tx, user.id, code))) {
            throw new AppError('invalid_authentication_code');
          }
          await twoFactor.remove(tx, user.id);
          hold = await holds.start(tx, user, 'two_factor_off', user.id);
        });
      });
      await mailer.send(twoFactorChangedMail(user, 'disabled', undefined, hold));
      return findUserById(user.id);
    },

    /**
     * Staff turn a client's two-factor authentication off (lost phone) with a reason: audited
     * (`user.reset_two_factor`), every session of the client ends, withdrawals are held (same
     * transaction), and the client is e-mailed the reason and finds it in their notifications. Throws 404 (no such user), 409 (2FA not on).
     */
    async resetTwoFactor(actor: AuditActor, userId: string, reason: string): Promise<UserRow> {
      const target = await findUserById(userId);
      if (!target.twoFactorEnabled) throw new AppError('two_factor_not_on');
      const hold = await inTransaction(db, log, async (u) => {
        const { tx } = u;
        await twoFactor.remove(tx, userId);
        const started = await holds.start(tx, target, 'two_factor_reset', actor.id);
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await recordAudit(tx, actor, {
          action: 'user.reset_two_factor',
          targetUserId: userId,
          targetId: userId,
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false, reason },
        });
        // in the client's notifications too; the e-mail is the security mail below
        await notifications.notify(
          u,
          {
            userId,
            title: 'Two-factor authentication reset',
            message: `Our staff turned off two-factor authentication on your account and signed you out everywhere. Reason: ${reason}. You can turn it on again in your security settings.${started ? ` Withdrawals are paused until ${holdEndText(started.endsAt)}.` : ''}`,
          },
          { mail: false },
        );
        return started;
      });
      await mailer.send(twoFactorChangedMail(target, 'reset', reason, hold));
      return findUserById(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
