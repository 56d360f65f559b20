/**
 * TanStack Query hooks of the back office's reviews: the queue of everything pending (paged on the
 * server), one client's requests per kind, the approve / reject / delete calls, and deposit proofs
 * (served only with the admin's token).
 */
import type { PendingReviewPage, PendingReviewsQuery } from '@common/schemas/transactions';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';
import { REVIEW_KINDS, type ReviewKind } from './kinds';

/**
 * GET /reviews/pending: one page of the pending deposits and withdrawals of every client, oldest
 * first (page sizes 10, 20, 30, 40).
 */
export const pendingReviewsQuery = (params: PendingReviewsQuery) =>
  queryOptions({
    queryKey: ['reviews', 'pending', params],
    queryFn: () => api.get<PendingReviewPage>('/reviews/pending', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET /deposits, /c-withdrawals or /b-withdrawals ?userId=: one client's requests, newest first. */
export const clientRequestsQuery = <Row>(kind: ReviewKind, userId: string) =>
  queryOptions({
    queryKey: ['reviews', kind, userId],
    queryFn: async () =>
      (await api.get<{ data: Row[] }>(`/${REVIEW_KINDS[kind].resource}`, { params: { userId } })).data,
  });

/** The three things an admin does to a request. */
export type ReviewAction = 'approve' | 'reject' | 'delete';

/** PUT /…/:id/approve, PUT /…/:id/reject or DELETE /…/:id; every list and figure is then refetched. */
export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, action }: { kind: ReviewKind; id: string; action: ReviewAction }) => {
      const path = `/${REVIEW_KINDS[kind].resource}/${id}`;
      return action === 'delete'
        ? api.delete<MessageAnswer>(path)
        : api.put<MessageAnswer>(`${path}/${action}`);
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** GET /files/deposits/:id with the admin's token: the proof image as a Blob. */
export const proofImage = (depositId: string) => api.blob(`/files/deposits/${depositId}`);
