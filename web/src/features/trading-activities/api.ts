/**
 * TanStack Query hooks of trading activity (server/modules/trading-activities): one page of the
 * signed-in client's rows, an admin's view of one client's, and the admin's add, update and delete.
 * A row's profit is posted to the ledger, so after any change every query on screen is refetched.
 */
import type {
  createTradingActivitySchema,
  TradingActivityPage,
  TradingActivityQuery,
  updateTradingActivitySchema,
} from '@common/schemas/plans';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';
import { idempotent, pagedQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';

/** GET /trading-activity: one page of the signed-in client's trading activity, newest first. */
export const activityQuery = (params: TradingActivityQuery) =>
  pagedQuery<TradingActivityPage>(['trading-activities', 'mine'], '/trading-activity', params);

/** GET /trading-activity/admin?userId=: one page of a client's trading activity, for an admin. */
export const adminActivityQuery = (userId: string, params: TradingActivityQuery) =>
  pagedQuery<TradingActivityPage>(['trading-activities', 'admin', userId], '/trading-activity/admin', {
    ...params,
    userId,
  });

/**
 * GET /trading-activity/admin/export.csv?userId=&search=: a client's trading activity with the
 * table's search, saved as trading-activity.csv.
 */
export const downloadAdminActivityCsv = (userId: string, search?: string) =>
  downloadCsv('/trading-activity/admin/export.csv', 'trading-activity.csv', { userId, search });

/** What the admin's trading activity forms send (the original field really is `statuss`). */
export type ActivityPayload = z.input<typeof updateTradingActivitySchema>;

/** What the Add form sends besides the client (POST /trading-activity). */
type NewActivity = Omit<z.input<typeof createTradingActivitySchema>, 'userId'>;

/** POST /trading-activity (admin) with the form's Idempotency-Key. */
export const useCreateActivity = () =>
  useRefetchingMutation(
    ({ userId, payload, idempotencyKey }: { userId: string; payload: NewActivity; idempotencyKey: string }) =>
      api.post<MessageAnswer>('/trading-activity', { ...payload, userId }, idempotent(idempotencyKey)),
  );

/** PUT /trading-activity/:id (admin): a change of profit posts the difference to the ledger. */
export const useUpdateActivity = () =>
  useRefetchingMutation(({ id, payload }: { id: string; payload: ActivityPayload }) =>
    api.put<MessageAnswer>(`/trading-activity/${id}`, payload),
  );

/** DELETE /trading-activity/:id (admin): withdraws its profit, then hides it. */
export const useDeleteActivity = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/trading-activity/${id}`));
