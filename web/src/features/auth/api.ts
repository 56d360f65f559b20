/**
 * TanStack Query hooks for the /api/auth calls and the second sign-in step
 * (POST /auth/two-factor/verify). Hooks that change who is signed in also update the browser
 * session (lib/session.ts).
 */
import { MSG } from '@common/messages';
import type {
  forgotPasswordSchema,
  resetPasswordSchema,
  SigninInput,
  SignupInput,
  twoFactorVerifySchema,
  verifyEmailSchema,
} from '@common/schemas/auth';
import type { PublicUser, SignedInAnswer, SigninAnswer } from '@common/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError, type MessageAnswer, type UserAnswer } from '../../lib/api-client';
import { assertPasskey } from '../../lib/passkey-client';
import { markTwoFactorSetupRequired, setSession, updateUser } from '../../lib/session';
import { currentUserQuery } from '../../lib/user-queries';
import { clearPendingChallenge, savePendingChallenge, type PendingChallenge } from './pending-challenge';

/** POST /auth/signup. */
export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) => api.post<UserAnswer>('/auth/signup', input),
  });
}

/** Sign-in input plus where to keep the session (remember me). */
export interface SigninVariables extends SigninInput {
  remember?: boolean;
}

/**
 * Where a sign-in step leaves the browser: a stored session (with the server's request that staff
 * set two-factor up first), or a challenge kept for /two-factor.
 */
export type SigninOutcome = OpenedSession | { kind: 'two-factor' };

/** A session stored in the browser after a sign-in step. */
export interface OpenedSession {
  kind: 'session';
  user: PublicUser;
  twoFactorSetupRequired: boolean;
}

/** Stores the session of a sign-in answer; on the admin login a non-admin's answer is refused. */
function openSession(answer: SignedInAnswer, asAdmin: boolean, remember: boolean): OpenedSession {
  if (asAdmin && !answer.user.isAdmin) throw new ApiError(403, MSG.notAdmin);
  setSession(answer.token, answer.user, remember);
  const twoFactorSetupRequired = answer.twoFactorSetupRequired === true;
  if (twoFactorSetupRequired) markTwoFactorSetupRequired();
  return { kind: 'session', user: answer.user, twoFactorSetupRequired };
}

/**
 * POST /auth/signin and store the session. `asAdmin` signs in on the admin login
 * (`?as=admin`): the server refuses non-admins, and a non-admin answer is refused here too. An
 * account with two-factor authentication answers a challenge instead, kept for /two-factor.
 */
export function useSignin({ asAdmin = false }: { asAdmin?: boolean } = {}) {
  return useMutation({
    mutationFn: async ({ remember = true, ...credentials }: SigninVariables): Promise<SigninOutcome> => {
      clearPendingChallenge();
      const answer = await api.post<SigninAnswer>(
        '/auth/signin',
        { ...credentials, remember },
        {
          params: { as: asAdmin ? 'admin' : undefined },
        },
      );
      if ('twoFactorRequired' in answer) {
        savePendingChallenge({ challenge: answer.challenge, asAdmin, remember });
        return { kind: 'two-factor' };
      }
      return openSession(answer, asAdmin, remember);
    },
  });
}

/**
 * POST /auth/two-factor/verify {challenge, code}: the second sign-in step with an authenticator or
 * backup code; stores the session as the password step would have (400 wrong code, 401 expired).
 */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: async ({
      pending,
      code,
    }: Pick<z.infer<typeof twoFactorVerifySchema>, 'code'> & {
      pending: PendingChallenge;
    }): Promise<OpenedSession> => {
      const answer = await api.post<SignedInAnswer>('/auth/two-factor/verify', {
        challenge: pending.challenge,
        code,
        remember: pending.remember,
      });
      clearPendingChallenge();
      return openSession(answer, pending.asAdmin, pending.remember);
    },
  });
}

/**
 * Signs in with a passkey (lib/passkey-client.ts): alone, or with `pending` as the second step of a
 * password sign-in instead of a code. Stores the session as the password step would (401
 * passkey_failed / sign_in_expired, 403 blocked or staff from another network).
 */
export function usePasskeySignin() {
  return useMutation({
    mutationFn: async ({
      asAdmin = false,
      pending,
    }: {
      asAdmin?: boolean;
      pending?: PendingChallenge | null;
    }): Promise<OpenedSession> => {
      const answer = await assertPasskey<SignedInAnswer>(
        pending ? { 'x-sign-in-challenge': pending.challenge, 'x-remember': String(pending.remember) } : {},
      );
      clearPendingChallenge();
      return openSession(answer, pending?.asAdmin ?? asAdmin, pending?.remember ?? true);
    },
  });
}

/** POST /auth/verify-email; on success the stored user is replaced by the confirmed one. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (input: z.infer<typeof verifyEmailSchema>) =>
      api.post<UserAnswer>('/auth/verify-email', input),
    onSuccess: (answer) => updateUser(answer.user),
  });
}

/** POST /auth/resend-otp: e-mails the signed-in user a new verification code. */
export function useResendOtp() {
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>('/auth/resend-otp'),
  });
}

/** POST /auth/forgot-password: the same answer whether or not the e-mail has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: z.infer<typeof forgotPasswordSchema>) =>
      api.post<MessageAnswer>('/auth/forgot-password', input),
  });
}

/** POST /auth/reset-password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: z.infer<typeof resetPasswordSchema>) =>
      api.post<MessageAnswer>('/auth/reset-password', input),
  });
}

/** Keeps the stored user in step with the server while a signed-in area is open. */
export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQuery, enabled });
}
