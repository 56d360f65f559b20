/**
 * Request payloads of the seed's /api/auth routes (seed §3, §5, §7 "Auth"), shared by the API route
 * schemas and the React forms. Field names are the seed's.
 */
import { z } from 'zod';
import { GENDERS, LIMITS } from '../constants';
import { isCountryName } from '../countries';
import { MSG, PROFILE_MSG } from '../messages';

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
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const otpField = z
  .string({ error: MSG.otpLength })
  .trim()
  .length(LIMITS.otpLength, MSG.otpLength)
  .regex(/^\d+$/, MSG.otpLength);

/** POST /api/auth/signup — registration payload of seed §3. `referralId` is the referrer's code. */
export const signupSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailField,
  phone: requiredText('Phone number', LIMITS.phoneMax),
  password: passwordField,
  gender: z.enum(GENDERS, { error: MSG.required('Gender') }),
  country: requiredText('Country', 80).refine(isCountryName, PROFILE_MSG.invalidCountry),
  referralId: z.string().trim().max(64).optional().nullable(),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** POST /api/auth/signin (also used by the admin login page). */
export const signinSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.required('Password') })
    .min(1, MSG.required('Password'))
    .max(LIMITS.passwordMax),
});
export type SigninInput = z.infer<typeof signinSchema>;

/** POST /api/auth/verify-email — the signed-in user's 6-digit code. */
export const verifyEmailSchema = z.object({ otp: otpField });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailField });

/** POST /api/auth/reset-password (seed §7: otp, email, newPassword, confirmPassword). */
export const resetPasswordSchema = z
  .object({
    otp: otpField,
    email: emailField,
    newPassword: passwordField,
    confirmPassword: z
      .string({ error: MSG.required('Confirm password') })
      .min(1, MSG.required('Confirm password')),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** POST /api/auth/change-password (seed §7: oldPassword, newPassword). */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: MSG.required('Old password') })
    .min(1, MSG.required('Old password'))
    .max(LIMITS.passwordMax),
  newPassword: passwordField,
});
