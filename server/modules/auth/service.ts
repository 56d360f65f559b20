/**
 * Auth flows behind the seed's /api/auth routes (seed §2.6, §4, §5, §7 "Auth"; issue 2).
 * Each function calls better-auth's server API and translates its errors into `AppError`s with
 * messages the screens show. Throws AppError: 400 (bad code / wrong old password / unknown referral),
 * 401 (bad credentials), 403 (blocked, not an admin), 409 (e-mail taken, already verified).
 */
import { and, eq, ne } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { MSG } from '@common/messages';
import type { SignupInput } from '@common/schemas/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../users/presenter';
import type { Auth } from './better-auth';

/** better-auth error codes → our messages and statuses. */
const TRANSLATE: Record<string, [ConstructorParameters<typeof AppError>[0], string]> = {
  USER_ALREADY_EXISTS: ['CONFLICT', MSG.emailTaken],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ['CONFLICT', MSG.emailTaken],
  INVALID_EMAIL_OR_PASSWORD: ['UNAUTHORIZED', MSG.invalidCredentials],
  BANNED_USER: ['FORBIDDEN', MSG.accountBlocked],
  INVALID_OTP: ['BAD_REQUEST', MSG.invalidOtp],
  OTP_EXPIRED: ['BAD_REQUEST', MSG.invalidOtp],
  TOO_MANY_ATTEMPTS: ['BAD_REQUEST', MSG.tooManyAttempts],
  INVALID_PASSWORD: ['BAD_REQUEST', MSG.wrongOldPassword],
  PASSWORD_TOO_SHORT: ['BAD_REQUEST', MSG.passwordTooShort],
  USER_NOT_FOUND: ['BAD_REQUEST', MSG.invalidOtp],
  INVALID_EMAIL: ['BAD_REQUEST', MSG.invalidEmail],
};

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isAPIError(e)) {
      const code = (e.body as { code?: string } | undefined)?.code ?? '';
      const t = TRANSLATE[code];
      if (t) throw new AppError(t[0], t[1]);
      if (e.statusCode === 429) throw new AppError('TOO_MANY_REQUESTS');
      if (e.statusCode >= 400 && e.statusCode < 500)
        throw new AppError('BAD_REQUEST', e.message || undefined);
    }
    throw e;
  }
}

function bearer(token: string): Headers {
  return new Headers({ authorization: `Bearer ${token}` });
}

export function createAuthService(db: Db, auth: Auth) {
  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async function findUserById(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    findUserById,

    /** Registers a client and e-mails the verification code. Answers the new user row. */
    async signup(input: SignupInput): Promise<UserRow> {
      let referredBy: string | undefined;
      if (input.referralId) {
        const [referrer] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.referralId, input.referralId.toUpperCase()))
          .limit(1);
        if (!referrer) throw new AppError('BAD_REQUEST', MSG.unknownReferral);
        referredBy = referrer.id;
      }
      if (await findUserByEmail(input.email)) throw new AppError('CONFLICT', MSG.emailTaken);
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
          },
        }),
      );
      return findUserById(res.user.id);
    },

    /**
     * Signs in with e-mail and password; answers the session token and user.
     * With `adminOnly`, a non-admin's fresh session is revoked at once and 403 "You are not an admin".
     */
    async signin(email: string, password: string, adminOnly: boolean, headers: Headers) {
      const res = await call(() => auth.api.signInEmail({ body: { email, password }, headers }));
      const user = await findUserById(res.user.id);
      if (adminOnly && user.role !== 'admin') {
        await db.delete(sessions).where(eq(sessions.token, res.token));
        throw new AppError('FORBIDDEN', MSG.notAdmin);
      }
      return { token: res.token, user };
    },

    /** Confirms the signed-in user's e-mail with the 6-digit code (5 tries, 10 minutes, single use). */
    async verifyEmail(user: UserRow, otp: string): Promise<UserRow> {
      if (user.emailVerified) throw new AppError('CONFLICT', MSG.alreadyVerified);
      await call(() => auth.api.verifyEmailOTP({ body: { email: user.email, otp } }));
      return findUserById(user.id);
    },

    /** Sends a fresh verification code (the previous one stops working). */
    async resendVerification(user: UserRow): Promise<void> {
      if (user.emailVerified) throw new AppError('CONFLICT', MSG.alreadyVerified);
      await call(() =>
        auth.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } }),
      );
    },

    async signout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token, token));
    },

    /** Changes the password after checking the old one; every other session of the user ends. */
    async changePassword(
      user: UserRow,
      token: string,
      oldPassword: string,
      newPassword: string,
    ): Promise<void> {
      await call(() =>
        auth.api.changePassword({
          body: { currentPassword: oldPassword, newPassword },
          headers: bearer(token),
        }),
      );
      await db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, token)));
    },

    /** E-mails a reset code if the account exists; the answer never tells whether it does. */
    async forgotPassword(email: string): Promise<void> {
      await call(() => auth.api.requestPasswordResetEmailOTP({ body: { email } }));
    },

    /** Sets a new password with the e-mailed code; all sessions of the user end. */
    async resetPassword(email: string, otp: string, newPassword: string): Promise<void> {
      await call(() => auth.api.resetPasswordEmailOTP({ body: { email, otp, password: newPassword } }));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
