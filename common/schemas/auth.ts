/**
 * Request payloads of the /api/auth routes, shared by the API route schemas and the React forms.
 * Field names are the original product's.
 */
import { z } from 'zod';
import { GENDERS, LIMITS } from '../constants';
import { isCountryName } from '../countries';
import { MSG, PROFILE_MSG, SECURITY_MSG } from '../messages';
import {
  cursorQuery,
  decisionReasonField,
  messageAnswerSchema,
  nextCursorField,
  pagedListSchema,
  pagingQuery,
} from './common';
import { publicUserSchema } from './users';

const requiredText = (label: string, max: number = LIMITS.nameMax) =>
  z
    .string({ error: MSG.required(label) })
    .trim()
    .min(1, MSG.required(label))
    .max(max, `${label} must be at most ${max} characters`);

export const emailField = z
  .string({ error: MSG.required('Email') })
  .trim()
  .min(1, MSG.required('Email'))
  .max(LIMITS.emailMax, MSG.emailTooLong)
  .pipe(z.email(MSG.invalidEmail))
  .transform((e) => e.toLowerCase());

export const passwordField = z
  .string({ error: MSG.required('Password') })
  // an empty password is missing, as every other field says, not too short
  .min(1, { error: MSG.required('Password'), abort: true })
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const otpField = z
  .string({ error: MSG.otpLength })
  .trim()
  .length(LIMITS.otpLength, MSG.otpLength)
  .regex(/^\d+$/, MSG.otpLength);

/**
 * POST /api/auth/signup — the registration payload. `referralId` is the referrer's code; `acceptTerms`
 * must be true (docs/product.md "Sign-up (`/signup`)").
 */
export const signupSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailField,
  phone: requiredText('Phone number', LIMITS.phoneMax),
  password: passwordField,
  gender: z.enum(GENDERS, { error: MSG.required('Gender') }),
  country: requiredText('Country', 80).refine(isCountryName, PROFILE_MSG.invalidCountry),
  referralId: z.string().trim().max(64).optional().nullable(),
  /** The consent box: only `true` registers; the time is kept on the user (`terms_accepted_at`). */
  acceptTerms: z
    .literal(true, { error: MSG.consentRequired })
    .describe('The client accepts the terms and the privacy policy and has read the risk disclosure'),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** POST /api/auth/signin (also used by the admin login page). */
/**
 * "Remember me" at sign-in: false → the session ends after SESSION_IDLE_MINUTES without a request
 * (docs/security.md "Sessions"); absent → remembered (7 days).
 */
const rememberField = z.boolean().optional().describe('Keep the session 7 days; false → it ends when idle');

export const signinSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.required('Password') })
    .min(1, MSG.required('Password'))
    .max(LIMITS.passwordMax),
  remember: rememberField,
});
export type SigninInput = z.infer<typeof signinSchema>;

/** POST /api/auth/verify-email — the signed-in user's 6-digit code. */
export const verifyEmailSchema = z.object({ otp: otpField });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The `confirmPassword` field of a form that repeats its new password: required. */
export const confirmPasswordField = z
  .string({ error: MSG.required('Confirm password') })
  .min(1, MSG.required('Confirm password'));

/** The refinement of such a form: `confirmPassword` must equal `newPassword` ("Passwords do not match"). */
export const passwordsMatch = [
  (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword,
  { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] as PropertyKey[] },
] as const;

/** POST /api/auth/reset-password (otp, email, newPassword, confirmPassword). */
export const resetPasswordSchema = z
  .object({
    otp: otpField,
    email: emailField,
    newPassword: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(...passwordsMatch);

/** POST /api/auth/change-password (oldPassword, newPassword). */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: MSG.required('Old password') })
    .min(1, MSG.required('Old password'))
    .max(LIMITS.passwordMax),
  newPassword: passwordField,
});

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (TOTP, RFC 6238), sessions and sign-in history (docs/security.md)
// ---------------------------------------------------------------------------------------------

/** A 6-digit authenticator code (RFC 6238, 30-second steps). */
export const totpCodeField = z
  .string({ error: MSG.required('Code') })
  .trim()
  .regex(/^\d{6}$/, SECURITY_MSG.codeFormat);

/**
 * An authenticator code or a backup code (`xxxxx-xxxxx`, letters and digits; the dash and case are
 * optional when typed).
 */
export const secondFactorCodeField = z
  .string({ error: MSG.required('Code') })
  .trim()
  .min(1, MSG.required('Code'))
  .max(32)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, SECURITY_MSG.codeFormat);

const currentPassword = z
  .string({ error: MSG.required('Password') })
  .min(1, MSG.required('Password'))
  .max(LIMITS.passwordMax);

/** POST /api/auth/two-factor/setup: the current password; answers a new secret and backup codes. */
export const twoFactorSetupSchema = z.object({ password: currentPassword });

/** POST /api/auth/two-factor/enable: one valid authenticator code turns the set-up secret on. */
export const twoFactorEnableSchema = z.object({ code: totpCodeField });

/** POST /api/auth/two-factor/disable: the password and an authenticator or backup code. */
export const twoFactorDisableSchema = z.object({ password: currentPassword, code: secondFactorCodeField });

/** POST /api/auth/two-factor/verify: the second sign-in step. */
export const twoFactorVerifySchema = z.object({
  challenge: z
    .string({ error: MSG.required('Challenge') })
    .trim()
    .min(16)
    .max(128),
  code: secondFactorCodeField,
  remember: rememberField,
});

/** Answer of POST /api/auth/two-factor/setup (the secret is not active until enabled). */
export const twoFactorSetupAnswer = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
  resumed: z
    .boolean()
    .describe(
      'The set-up was pending: the same key as before (an app that scanned it keeps working), new backup codes',
    ),
});
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswer>;

/** One active session of the signed-in user (GET /api/auth/sessions). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Answer of GET /api/auth/sessions and GET /api/user/admin/:id/sessions. */
export const sessionListAnswerSchema = z.object({ data: z.array(sessionInfoSchema) });

/** Outcomes a sign-in attempt is recorded with. */
export const SIGN_IN_RESULTS = [
  'success',
  'wrong_password',
  'locked',
  'blocked',
  'two_factor_failed',
] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** One row of GET /api/auth/sign-in-history. */
export const signInEventSchema = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.enum(SIGN_IN_RESULTS),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

/**
 * Answer of GET /api/auth/sign-in-history (and the admin's per-client read), newest first;
 * `nextCursor` on cursor pages only.
 */
export const signInHistoryAnswerSchema = pagedListSchema(signInEventSchema).extend({
  nextCursor: nextCursorField,
});

/**
 * GET /api/auth/sign-in-history (and the admin's per-client read): page from 1, sizes 10/20/30/40,
 * or a cursor page (`cursor`, `limit` 1–500; docs/integrations.md "Cursor pages").
 */
export const signInHistoryQuerySchema = z.object({
  ...pagingQuery(10).shape,
  ...cursorQuery.shape,
});
export type SignInHistoryQuery = z.output<typeof signInHistoryQuerySchema>;

/** POST /api/user/admin/:id/reset-two-factor: why staff turn a client's 2FA off (the client reads it). */
export const resetTwoFactorSchema = z.object({ reason: decisionReasonField });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A session was opened (sign-in without 2FA, or POST /api/auth/two-factor/verify). */
export const signedInAnswerSchema = z.object({
  token: z.string(),
  user: publicUserSchema,
  twoFactorSetupRequired: z
    .literal(true)
    .optional()
    .describe('Staff who must use 2FA and have not set it up: every admin route answers 403 until they do'),
});
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

/** The password was right and the account uses 2FA: send a code with this challenge (5 minutes). */
export const twoFactorChallengeAnswerSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengeAnswer = z.infer<typeof twoFactorChallengeAnswerSchema>;

/** Answer of POST /api/auth/signin: a session, or a challenge for the second step. */
export const signinAnswerSchema = z.union([signedInAnswerSchema, twoFactorChallengeAnswerSchema]);
export type SigninAnswer = z.infer<typeof signinAnswerSchema>;

/** `{ message, user }`: an account change that answers the refreshed user. */
export const userMessageAnswerSchema = messageAnswerSchema.extend({ user: publicUserSchema });

/** Answer of GET /api/auth/user. */
export const currentUserAnswerSchema = z.object({ data: publicUserSchema });
