/**
 * TanStack Query hooks for the seed's /api/auth calls (seed §7 "Auth"). Hooks that change who is
 * signed in also update the browser session (lib/session.ts).
 */
import { MSG } from '@common/messages';
import type { SigninInput, SignupInput } from '@common/schemas/auth';
import type { PublicUser, SigninAnswer } from '@common/types';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';
import { clearSession, getToken, setSession, updateUser } from '../../lib/session';

/** Answer of calls that only report an outcome. */
export interface MessageAnswer {
  message: string;
}

/** Answer of calls that report an outcome and the updated user. */
export interface UserAnswer extends MessageAnswer {
  user: PublicUser;
}

/** POST /auth/signup. */
export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) => api.post<UserAnswer>('/auth/signup', input),
  });
}

/** Sign-in input plus where to keep the session (seed's remember-me). */
export interface SigninVariables extends SigninInput {
  remember?: boolean;
}

/**
 * POST /auth/signin and store the session. `asAdmin` signs in on the admin login
 * (`?as=admin`): the server refuses non-admins, and a non-admin answer is refused here too.
 */
export function useSignin({ asAdmin = false }: { asAdmin?: boolean } = {}) {
  return useMutation({
    mutationFn: async ({ remember = true, ...credentials }: SigninVariables) => {
      const answer = await api.post<SigninAnswer>('/auth/signin', credentials, {
        params: { as: asAdmin ? 'admin' : undefined },
      });
      if (asAdmin && !answer.user.isAdmin) throw new ApiError(403, MSG.notAdmin);
      setSession(answer.token, answer.user, remember);
      return answer;
    },
  });
}

/** POST /auth/verify-email; on success the stored user is replaced by the confirmed one. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (input: { otp: string }) => api.post<UserAnswer>('/auth/verify-email', input),
    onSuccess: (answer) => updateUser(answer.user),
  });
}

/** POST /auth/resend-otp: e-mails the signed-in user a new verification code. */
export function useResendOtp() {
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>('/auth/resend-otp'),
  });
}

/** POST /auth/signout; the browser session is cleared whether or not the server answered. */
export function useSignout() {
  return useMutation({
    mutationFn: () => api.post<unknown>('/auth/signout'),
    onSettled: () => clearSession(),
  });
}

/** POST /auth/change-password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      api.post<MessageAnswer>('/auth/change-password', input),
  });
}

/** POST /auth/forgot-password: the same answer whether or not the e-mail has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) => api.post<MessageAnswer>('/auth/forgot-password', input),
  });
}

/** POST /auth/reset-password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { otp: string; email: string; newPassword: string; confirmPassword: string }) =>
      api.post<MessageAnswer>('/auth/reset-password', input),
  });
}

/** GET /auth/user: the signed-in user, fresh from the server; refreshes the stored user. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async () => {
    const { data } = await api.get<{ data: PublicUser }>('/auth/user');
    if (getToken()) updateUser(data);
    return data;
  },
});

/** Keeps the stored user in step with the server while a signed-in area is open. */
export function useCurrentUser(enabled = true) {
  return useQuery({ ...currentUserQuery, enabled });
}
