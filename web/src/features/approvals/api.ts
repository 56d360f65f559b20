/**
 * TanStack Query hooks of four-eyes approval (/api/approvals, `approvals.decide`): one page of the
 * approval requests (pending oldest first, decided newest first), and the checker's approve /
 * reject. An approval runs the held money action, so every cached query is refetched after it.
 */
import type { ApprovalAnswer, approvalsPageSchema, ApprovalsQuery } from '@common/schemas/approvals';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { downloadCsv } from '../../lib/save-blob';
import { pagedQuery, useRefetchingMutation } from '../../lib/queries';

/** Which requests the page lists: those waiting for a checker, or those decided. */
export type ApprovalsView = ApprovalsQuery['status'];

/** One page of approval requests (`GET /api/approvals`). */
export type ApprovalsPage = z.infer<typeof approvalsPageSchema>;

/** GET /approvals?page&pageSize&status: pending oldest first, decided newest first. */
export const approvalsQuery = (params: ApprovalsQuery) =>
  pagedQuery<ApprovalsPage>(['approvals', params.status], '/approvals', params);

/** GET /approvals/export.csv?status: every request of the view as CSV, saved as approvals.csv. */
export const downloadApprovalsCsv = (status: ApprovalsView) =>
  downloadCsv('/approvals/export.csv', 'approvals.csv', { status });

/**
 * POST /approvals/:id/approve (no body): the held action runs in the decision's transaction. 409
 * when the checker is the maker ("You cannot approve your own request") or it is already decided.
 */
export const useApproveRequest = () =>
  useRefetchingMutation((id: string) => api.post<ApprovalAnswer>(`/approvals/${id}/approve`));

/** POST /approvals/:id/reject {reason} (3 to 500 characters): nothing runs; the maker reads why. */
export const useRejectRequest = () =>
  useRefetchingMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<ApprovalAnswer>(`/approvals/${id}/reject`, { reason }),
  );
