/**
 * TanStack Query hooks of the users module: the admin's paged users list
 * with search and its CSV export, one user with ledger figures, the overview figures, a client's
 * sessions and sign-in history, and the back office's changes (edit, KYC review, block / unblock,
 * delete, account labels, adjustments, two-factor reset). Every
 * change invalidates the cached queries: figures, histories and the audit log all move with it.
 */
import type {
  resetTwoFactorSchema,
  SessionInfo,
  SignInEvent,
  SignInHistoryQuery,
} from '@common/schemas/auth';
import type { PublicUser } from '@common/types';
import type {
  adjustmentSchema,
  AdjustmentDirection,
  AdminOverview,
  UpdateAccountInput,
  updateUserSchema,
  UserWithFigures,
  UsersPage,
  UsersQuery,
  VerificationReviewInput,
} from '@common/schemas/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type MessageAnswer, type UserAnswer } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

/** GET /user/admin: one page of users, newest first, matching the search in name or e-mail. */
export const adminUsersQuery = (params: UsersQuery) =>
  queryOptions({
    queryKey: ['users', 'admin', 'list', params],
    queryFn: () => api.get<UsersPage>('/user/admin', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET /user/admin/:id: the user with ledger figures (USD), referrer and active plan. */
export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'admin', 'detail', id],
    queryFn: async () => (await api.get<{ data: UserWithFigures }>(`/user/admin/${id}`)).data,
  });

/** GET /user/admin/overview: clients, pending reviews, approved deposits and withdrawals. */
export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['users', 'admin', 'overview'],
    queryFn: async () => (await api.get<{ data: AdminOverview }>('/user/admin/overview')).data,
  });

/** GET /user/admin/:id/sessions: the client's open sessions (`current` is always false here). */
export const adminUserSessionsQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'admin', 'sessions', id],
    queryFn: async () => (await api.get<{ data: SessionInfo[] }>(`/user/admin/${id}/sessions`)).data,
  });

/** GET /user/admin/:id/sign-in-history: one page of the client's sign-in attempts, newest first. */
export const adminUserSignInHistoryQuery = (id: string, params: SignInHistoryQuery) =>
  queryOptions({
    queryKey: ['users', 'admin', 'sign-in-history', id, params],
    queryFn: () =>
      api.get<{ data: SignInEvent[]; total: number }>(`/user/admin/${id}/sign-in-history`, {
        params: { ...params },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /user/admin/export.csv?search= with the session's token, saved as users.csv. */
export async function downloadUsersCsv(search?: string): Promise<void> {
  saveBlob(await api.blob('/user/admin/export.csv', { params: { search } }), 'users.csv');
}

/**
 * A stored file of a user (identity document) by the authenticated API path the server presents
 * (`/api/files/...`), fetched with the session's token.
 */
export function userFile(url: string): Promise<Blob> {
  return api.blob(url.replace(/^\/api(?=\/)/, ''));
}

/** What the edit-user form sends (PUT /user/admin/:id). */
export type UpdateUserPayload = z.input<typeof updateUserSchema>;

/** What an adjustment sends (POST /user/admin/account/:id/adjustments). `amount` is USD. */
export type AdjustmentPayload = z.input<typeof adjustmentSchema>;

/** The answer of a posted adjustment: the client's available balance after it (USD). */
export interface PostedAdjustment {
  _id: string;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  available: number;
}

type Changed<T> = MessageAnswer & { data: T };

/** A mutation that refreshes every cached query once it succeeds. */
function useChange<V, T>(mutationFn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

/** PUT /user/admin/:id: user info, verification status and block flag. */
export function useUpdateUser(id: string) {
  return useChange((payload: UpdateUserPayload) =>
    api.put<Changed<PublicUser>>(`/user/admin/${id}`, payload),
  );
}

/** PUT /user/admin/:id/verification: verify or reject a pending KYC submission. */
export function useReviewVerification(id: string) {
  return useChange((status: VerificationReviewInput['status']) =>
    api.put<Changed<PublicUser>>(`/user/admin/${id}/verification`, { status }),
  );
}

/** POST /user/admin/:id/block or /unblock. */
export function useSetBlocked(id: string) {
  return useChange((blocked: boolean) =>
    api.post<Changed<PublicUser>>(`/user/admin/${id}/${blocked ? 'block' : 'unblock'}`),
  );
}

/** DELETE /user/admin/:id: erases the client's personal data and sign-in (409 while money remains). */
export function useDeleteUser(id: string) {
  return useChange(() => api.delete<MessageAnswer>(`/user/admin/${id}`));
}

/**
 * POST /user/admin/:id/reset-two-factor {reason}: turns the client's two-factor off and ends their
 * sessions (the client is e-mailed the reason); answers the message and the user.
 */
export function useResetTwoFactor(id: string) {
  return useChange((input: z.infer<typeof resetTwoFactorSchema>) =>
    api.post<UserAnswer>(`/user/admin/${id}/reset-two-factor`, input),
  );
}

/** PUT /user/admin/account/:id: currency symbol and account plan. */
export function useUpdateAccount(id: string) {
  return useChange((payload: UpdateAccountInput) =>
    api.put<Changed<PublicUser>>(`/user/admin/account/${id}`, payload),
  );
}

/** POST /user/admin/account/:id/adjustments with the form's Idempotency-Key. */
export function usePostAdjustment(id: string) {
  return useChange(({ payload, idempotencyKey }: { payload: AdjustmentPayload; idempotencyKey: string }) =>
    api.post<Changed<PostedAdjustment>>(`/user/admin/account/${id}/adjustments`, payload, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}
