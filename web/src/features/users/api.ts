/**
 * TanStack Query hooks of the users module: the admin's paged users list
 * with search and its CSV export, one user with ledger figures, the overview figures, a client's
 * sessions and sign-in history, and the back office's changes (edit, KYC review, proof of address,
 * block / unblock, delete, account labels, adjustments, two-factor reset), and the four-eyes
 * requests waiting about one client. Every change invalidates
 * the cached queries: figures, histories and the audit log all move with it.
 */
import type { approvalsPageSchema } from '@common/schemas/approvals';
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
  UsersExportQuery,
  updateUserSchema,
  UsersPage,
  UsersQuery,
  VerificationReviewInput,
} from '@common/schemas/users';
import type { z } from 'zod';
import { api, type MessageAnswer, type UserAnswer } from '../../lib/api-client';
import type { OrHeld } from '../../lib/held-for-approval';
import { dataQuery, idempotent, pagedQuery, useRefetchingMutation } from '../../lib/queries';
import { saveBlob } from '../../lib/save-blob';

/** GET /user/admin: one page of users, newest first, matching the search in name or e-mail. */
export const adminUsersQuery = (params: UsersQuery) =>
  pagedQuery<UsersPage>(['users', 'admin', 'list'], '/user/admin', params);

/** GET /user/admin/:id: the user with ledger figures; shared with every admin page about a client. */
export { adminUserQuery } from '../../components/admin/use-client-route';

/** GET /user/admin/overview: clients, pending reviews, approved deposits and withdrawals. */
export const adminOverviewQuery = () =>
  dataQuery<AdminOverview>(['users', 'admin', 'overview'], '/user/admin/overview');

/**
 * GET /approvals?clientId=&status=pending: the four-eyes requests about one client still waiting
 * for a checker (`approvals.decide`), oldest first, one page of 10.
 */
export const clientApprovalsQuery = (clientId: string) =>
  pagedQuery<z.infer<typeof approvalsPageSchema>>(
    ['approvals', 'pending', 'client', clientId],
    '/approvals',
    {
      clientId,
      status: 'pending',
      page: 1,
      pageSize: 10,
    },
  );

/** GET /user/admin/:id/sessions: the client's open sessions (`current` is always false here). */
export const adminUserSessionsQuery = (id: string) =>
  dataQuery<SessionInfo[]>(['users', 'admin', 'sessions', id], `/user/admin/${id}/sessions`);

/** GET /user/admin/:id/sign-in-history: one page of the client's sign-in attempts, newest first. */
export const adminUserSignInHistoryQuery = (id: string, params: SignInHistoryQuery) =>
  pagedQuery<{ data: SignInEvent[]; total: number }>(
    ['users', 'admin', 'sign-in-history', id],
    `/user/admin/${id}/sign-in-history`,
    params,
  );

/** GET /user/admin/export.csv?search= with the session's token, saved as users.csv. */
export async function downloadUsersCsv(params: UsersExportQuery): Promise<void> {
  saveBlob(await api.blob('/user/admin/export.csv', { params }), 'users.csv');
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

/** PUT /user/admin/:id: user info, verification status and block flag. */
export function useUpdateUser(id: string) {
  return useRefetchingMutation((payload: UpdateUserPayload) =>
    api.put<Changed<PublicUser>>(`/user/admin/${id}`, payload),
  );
}

/** PUT /user/admin/:id/verification {status, reason}: verify or reject (with a reason) a pending KYC submission. */
export function useReviewVerification(id: string) {
  return useRefetchingMutation((input: VerificationReviewInput) =>
    api.put<Changed<PublicUser>>(`/user/admin/${id}/verification`, input),
  );
}

/**
 * PUT /limits/address/:id {reason} (`kyc.review`): approves the client's proof of address
 * (verification level `address`), audited and notified; 409 before the identity is verified or
 * once the address already is.
 */
export function useApproveAddress(id: string) {
  return useRefetchingMutation(({ reason }: { reason: string }) =>
    api.put<MessageAnswer>(`/limits/address/${id}`, { reason }),
  );
}

/**
 * DELETE /limits/address/:id {reason} (`kyc.review`): revokes the client's approved proof of
 * address (back to level `identity` at once), audited and notified with the reason; 409 when it is
 * not approved.
 */
export function useRevokeAddress(id: string) {
  return useRefetchingMutation(({ reason }: { reason: string }) =>
    api.delete<MessageAnswer>(`/limits/address/${encodeURIComponent(id)}`, { reason }),
  );
}

/** POST /user/admin/:id/block {reason} or /unblock. */
export function useSetBlocked(id: string) {
  return useRefetchingMutation(({ blocked, reason }: { blocked: boolean; reason?: string }) =>
    blocked
      ? api.post<Changed<PublicUser>>(`/user/admin/${id}/block`, { reason: reason ?? '' })
      : api.post<Changed<PublicUser>>(`/user/admin/${id}/unblock`),
  );
}

/** DELETE /user/admin/:id: erases the client's personal data and sign-in (409 while money remains). */
export function useDeleteUser(id: string) {
  return useRefetchingMutation(() => api.delete<MessageAnswer>(`/user/admin/${id}`));
}

/**
 * POST /user/admin/:id/reset-two-factor {reason}: turns the client's two-factor off and ends their
 * sessions (the client is e-mailed the reason); answers the message and the user.
 */
export function useResetTwoFactor(id: string) {
  return useRefetchingMutation((input: z.infer<typeof resetTwoFactorSchema>) =>
    api.post<UserAnswer>(`/user/admin/${id}/reset-two-factor`, input),
  );
}

/** PUT /user/admin/account/:id: currency symbol and account plan. */
export function useUpdateAccount(id: string) {
  return useRefetchingMutation((payload: UpdateAccountInput) =>
    api.put<Changed<PublicUser>>(`/user/admin/account/${id}`, payload),
  );
}

/**
 * POST /user/admin/account/:id/adjustments with the form's Idempotency-Key: 200 the posted
 * adjustment, or 202 the approval request when the amount is at or above the four-eyes threshold.
 */
export function usePostAdjustment(id: string) {
  return useRefetchingMutation(
    ({ payload, idempotencyKey }: { payload: AdjustmentPayload; idempotencyKey: string }) =>
      api.post<OrHeld<Changed<PostedAdjustment>>>(
        `/user/admin/account/${id}/adjustments`,
        payload,
        idempotent(idempotencyKey),
      ),
  );
}
