/**
 * TanStack Query hooks of the signed-in user's account security (docs/security.md): two-factor
 * authentication (set up, turn on, turn off), the open sessions (list, sign one or all others out)
 * and the sign-in history. Turning two-factor on or off answers the refreshed user, which replaces
 * the stored one.
 */
import type {
  SessionInfo,
  SignInEvent,
  SignInHistoryQuery,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  TwoFactorSetupAnswer,
} from '@common/schemas/auth';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { MSG } from '@common/messages';
import { api, errorMessage, type MessageAnswer, type UserAnswer } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { updateUser } from '../../lib/session';

/** GET /auth/sessions: the user's open sessions; `current` marks the one asking. */
export const sessionsQuery = queryOptions({
  queryKey: ['security', 'sessions'],
  queryFn: async () => (await api.get<{ data: SessionInfo[] }>('/auth/sessions')).data,
});

/** GET /auth/sign-in-history: one page of the user's sign-in attempts, newest first. */
export const signInHistoryQuery = (params: SignInHistoryQuery) =>
  queryOptions({
    queryKey: ['security', 'sign-in-history', params],
    queryFn: () =>
      api.get<{ data: SignInEvent[]; total: number }>('/auth/sign-in-history', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });

/**
 * POST /auth/two-factor/setup {password}: a new secret (as an otpauth:// URI) and 10 backup codes;
 * nothing is on until the first code is confirmed with useEnableTwoFactor.
 */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: (input: z.infer<typeof twoFactorSetupSchema>) =>
      api.post<TwoFactorSetupAnswer>('/auth/two-factor/setup', input),
  });
}

/**
 * A change of the two-factor state (turning it on or off answers the refreshed user): the user is
 * stored and every view of it refetched.
 */
function useTwoFactorChange<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<UserAnswer>(path, input),
    onSuccess: (answer) => {
      updateUser(answer.user);
      void queryClient.invalidateQueries();
    },
  });
}

/** POST /auth/two-factor/enable {code}: the set-up secret's first code turns two-factor on. */
export const useEnableTwoFactor = () =>
  useTwoFactorChange<z.infer<typeof twoFactorEnableSchema>>('/auth/two-factor/enable');

/** POST /auth/two-factor/disable {password, code}: turns two-factor off (authenticator or backup code). */
export const useDisableTwoFactor = () =>
  useTwoFactorChange<z.infer<typeof twoFactorDisableSchema>>('/auth/two-factor/disable');

/**
 * A sessions change: its answer's message (or the error) is shown as a toast here, in the mutation
 * itself, because the refetch that follows removes the row whose button started it (a callback
 * given to `mutate` by that button would never run); then the list and history are refetched.
 */
function useSessionsChange<Input>(send: (input: Input) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: ['security'] });
    },
    onError: (error) => notifyError(errorMessage(error, MSG.errorOccurred)),
  });
}

/** DELETE /auth/sessions/:id: signs one of the user's other sessions out. */
export const useRevokeSession = () =>
  useSessionsChange((id: string) => api.delete<MessageAnswer>(`/auth/sessions/${encodeURIComponent(id)}`));

/** POST /auth/sessions/revoke-others: signs out every session but this one. */
export const useRevokeOtherSessions = () =>
  useSessionsChange<void>(() => api.post<MessageAnswer>('/auth/sessions/revoke-others'));

/**
 * POST /auth/this-wasnt-me {token}: the e-mailed link's token locks the account and ends every
 * session (docs/security.md "Holds after security changes"); answers the server's message.
 */
export const useThisWasntMe = () =>
  useMutation({
    mutationFn: (token: string) => api.post<MessageAnswer>('/auth/this-wasnt-me', { token }),
  });
