/**
 * TanStack Query hooks of the back office's reviews: the queue of everything pending (paged on the
 * server), one client's requests per kind, the approve / reject / delete calls, and deposit proofs
 * (served only with the admin's token).
 */
import type { DateRange } from '@common/schemas/date-range';
import type { ClientReviewFacts } from '@common/schemas/review-facts';
import type { PendingReviewPage, PendingReviewsQuery } from '@common/schemas/transactions';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, pagedQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';
import { REVIEW_KINDS, type ReviewKind } from './kinds';

/**
 * GET /reviews/pending: one page of the pending deposits and withdrawals of every client, oldest
 * first (page sizes 10, 20, 30, 40).
 */
export const pendingReviewsQuery = (params: PendingReviewsQuery) =>
  pagedQuery<PendingReviewPage>(['reviews', 'pending'], '/reviews/pending', params);

/** GET /reviews/export.csv?from&to: every pending request of the days asked, saved as pending-reviews.csv. */
export const downloadPendingReviewsCsv = (range: DateRange) =>
  downloadCsv('/reviews/export.csv', 'pending-reviews.csv', { ...range });

/** GET /deposits, /c-withdrawals or /b-withdrawals ?userId=: one client's requests, newest first. */
export const clientRequestsQuery = <Row>(kind: ReviewKind, userId: string) =>
  dataQuery<Row[]>(['reviews', kind, userId], `/${REVIEW_KINDS[kind].resource}`, { userId });

/**
 * GET /deposits/export.csv, /c-withdrawals/export.csv or /b-withdrawals/export.csv ?userId=: one
 * client's requests of a kind, newest first, saved as deposits.csv, crypto-withdrawals.csv or
 * bank-withdrawals.csv.
 */
export const downloadClientRequestsCsv = (kind: ReviewKind, userId: string) =>
  downloadCsv(`/${REVIEW_KINDS[kind].resource}/export.csv`, `${kind}s.csv`, { userId });

/**
 * GET /reviews/client/:id: what a client's review pages show beside the requests (their identity,
 * each withdrawal's full destination and whether it is new for them).
 */
export const clientReviewFactsQuery = (userId: string) =>
  dataQuery<ClientReviewFacts>(['reviews', 'facts', userId], `/reviews/client/${userId}`);

/** The three things an admin does to a request. */
export type ReviewAction = 'approve' | 'reject' | 'delete';

/**
 * PUT /…/:id/approve, PUT /…/:id/reject {reason} or DELETE /…/:id; every list and figure is then
 * refetched. A rejection carries the reason the client reads; a withdrawal's approval may carry
 * the payout reference (PUT …/approve {payoutReference}).
 */
export const useReviewAction = () =>
  useRefetchingMutation(
    ({
      kind,
      id,
      action,
      reason,
      payoutReference,
    }: {
      kind: ReviewKind;
      id: string;
      action: ReviewAction;
      reason?: string;
      /** A withdrawal's approval: the payout's transaction hash or bank reference, if given. */
      payoutReference?: string;
    }) => {
      const path = `/${REVIEW_KINDS[kind].resource}/${id}`;
      if (action === 'delete') return api.delete<MessageAnswer>(path);
      if (action === 'reject') return api.put<MessageAnswer>(`${path}/reject`, { reason: reason ?? '' });
      // a deposit's approval takes no body; a withdrawal's may carry the payout reference
      if (kind === 'deposit') return api.put<MessageAnswer>(`/deposits/${id}/approve`);
      const withdrawals = kind === 'crypto-withdrawal' ? 'c-withdrawals' : 'b-withdrawals';
      return api.put<MessageAnswer>(`/${withdrawals}/${id}/approve`, { payoutReference });
    },
  );

/** GET /files/deposits/:id with the admin's token: the proof image as a Blob. */
export const proofImage = (depositId: string) => api.blob(`/files/deposits/${depositId}`);
