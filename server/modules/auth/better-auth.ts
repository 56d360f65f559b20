/**
 * The better-auth instance (docs/security.md): e-mail + password with argon2id hashing,
 * e-mail OTP (6 digits, 10 minutes, 5 tries, stored hashed), bearer sessions and the admin plugin
 * (role, ban), and the passkey plugin (WebAuthn through @simplewebauthn). Its HTTP handler is NOT mounted: the /api/auth routes call `auth.api.*` (routes.ts),
 * so no request can bypass our validation. Two-factor sign-in is ours (two-factor.ts, otplib):
 * its second step answers the bearer API's `{ challenge }`, where better-auth's plugin keeps the
 * pending sign-in in a cookie, and it stores backup codes hashed rather than encrypted.
 */
import { randomBytes } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, emailOTP } from 'better-auth/plugins';
import { LIMITS } from '@common/constants';
import { accounts, passkeys, sessions, users, verifications } from '../../db/schema';
import type { BaseDeps } from '../../lib/base-deps';
import { AppError } from '../../lib/errors';
import { otpMail } from './emails';

/** OWASP's argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password as sign-up does (argon2id, OWASP parameters); answers the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A referral code: 8 characters of an unambiguous upper-case alphabet. */
export function generateReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

export function createAuth({ db, config, mailer, log }: BaseDeps) {
  return betterAuth({
    appName: 'Broker portal',
    baseURL: config.publicUrl,
    secret: config.sessionSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        passkey: passkeys,
      },
      transaction: true,
    }),
    advanced: { database: { generateId: 'uuid' } },
    rateLimit: { enabled: true },
    telemetry: { enabled: false },
    // into the app's JSON log (pino), not better-auth's own coloured console lines
    logger: {
      level: 'error',
      log: (level, message, ...args) => log[level]({ args, from: 'better-auth' }, message),
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    // a session ends when it says (7 days; a day and the idle timeout without "Remember me":
    // idle.ts): better-auth's own session check (the passkey plugin's) never extends it, nor sends
    // a refreshed session cookie beside the passkey challenge's, which cost the challenge
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24, disableSessionRefresh: true },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: false, input: true },
        gender: { type: 'string', required: false, input: true },
        country: { type: 'string', required: false, input: true },
        referredBy: { type: 'string', required: false, input: true },
        referralId: { type: 'string', required: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: true },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // every user gets their own referral code
          before: async (user) => ({ data: { ...user, referralId: generateReferralCode() } }),
        },
      },
    },
    plugins: [
      bearer(),
      // only its ban check at sign-in is used: its HTTP endpoints are not mounted, and staff roles
      // and permissions are ours (common/permissions.ts)
      admin({ defaultRole: 'client' }),
      emailOTP({
        otpLength: LIMITS.otpLength,
        expiresIn: LIMITS.otpTtlSeconds,
        allowedAttempts: LIMITS.otpMaxAttempts,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }, ctx) {
          // the account's first name for the greeting, read through better-auth's adapter (so a
          // sign-up still in its transaction is seen); no account found → "Hello,"
          const found = ctx ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
          const firstName = (found?.user as { firstName?: string } | undefined)?.firstName;
          await mailer.send(
            otpMail({ email, firstName }, otp, type === 'forget-password' ? 'reset' : 'verify'),
          );
        },
      }),
      // WebAuthn ceremonies (docs/security.md "Passkeys"): only `auth.api.*` calls reach it, from
      // passkey-routes.ts. The relying party is PUBLIC_URL's host, and only PUBLIC_URL's origin is
      // accepted (never the request's own Origin header); a passkey must verify its user (PIN or
      // biometric) at registration, and at sign-in (refused otherwise in the hook below).
      passkey({
        rpID: new URL(config.publicUrl).hostname,
        rpName: config.brand.name,
        origin: new URL(config.publicUrl).origin,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified)
              throw new APIError('UNAUTHORIZED', { code: 'USER_NOT_VERIFIED', message: 'not verified' });
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Throws 400 wrong_password unless `password` is the password of user `userId` (better-auth's
 * argon2id check against the user's credential account; a user without one never matches).
 */
export async function checkPassword(auth: Auth, userId: string, password: string): Promise<void> {
  const ctx = await auth.$context;
  const account = (await ctx.internalAdapter.findAccounts(userId)).find((a) => a.providerId === 'credential');
  const ok = account?.password ? await ctx.password.verify({ hash: account.password, password }) : false;
  if (!ok) throw new AppError('wrong_password');
}
