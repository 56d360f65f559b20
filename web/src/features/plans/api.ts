/**
 * TanStack Query hooks of investment plans and trading activity: the client's figures and active
 * plan, their trading activity, an admin's view of one client, and the mutations. Money-moving
 * POSTs carry the form's Idempotency-Key; after any change every query on screen is refetched.
 */
import type {
  addProfitSchema,
  createTradingActivitySchema,
  openPlanSchema,
  TradingActivityPage,
  TradingActivityQuery,
  updateTradingActivitySchema,
} from '@common/schemas/plans';
import type { UserWithFigures } from '@common/schemas/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';

/** GET /trading-activity: one page of the signed-in client's trading activity, newest first. */
export const activityQuery = (params: TradingActivityQuery) =>
  queryOptions({
    queryKey: ['plans', 'activity', params],
    queryFn: () => api.get<TradingActivityPage>('/trading-activity', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET /trading-activity/admin?userId=: one page of a client's trading activity, for an admin. */
export const adminActivityQuery = (userId: string, params: TradingActivityQuery) =>
  queryOptions({
    queryKey: ['plans', 'admin', 'activity', userId, params],
    queryFn: () => api.get<TradingActivityPage>('/trading-activity/admin', { params: { ...params, userId } }),
    placeholderData: keepPreviousData,
  });

/** GET /user/admin/:id: a client with figures and `activePlan`, for an admin. */
export const adminClientQuery = (userId: string) =>
  queryOptions({
    queryKey: ['plans', 'admin', 'client', userId],
    queryFn: async () => (await api.get<{ data: UserWithFigures }>(`/user/admin/${userId}`)).data,
  });

/** What the Place Your Trade form sends (the server sets the dates). */
export type OpenPlanPayload = z.input<typeof openPlanSchema>;

/** What the admin's trading activity forms send (the original field really is `statuss`). */
export type ActivityPayload = z.input<typeof updateTradingActivitySchema>;

/** A mutation whose success refetches every query on screen (figures, plan, activity, history). */
function useChange<V>(mutationFn: (variables: V) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** POST /user/active-plan with the form's Idempotency-Key. */
export const useOpenPlan = () =>
  useChange(({ payload, idempotencyKey }: { payload: OpenPlanPayload; idempotencyKey: string }) =>
    api.post<MessageAnswer>('/user/active-plan', payload, idempotent(idempotencyKey)),
  );

/** POST /user/admin/add-profit/:id {profit, date (ISO)} with the form's Idempotency-Key. */
export const useAddProfit = () =>
  useChange(
    ({
      userId,
      payload,
      idempotencyKey,
    }: {
      userId: string;
      payload: z.input<typeof addProfitSchema>;
      idempotencyKey: string;
    }) => api.post<MessageAnswer>(`/user/admin/add-profit/${userId}`, payload, idempotent(idempotencyKey)),
  );

/** DELETE /user/admin/active-plan/:id: clears the client's plan (the capital returns). */
export const useClearPlan = () =>
  useChange((userId: string) => api.delete<MessageAnswer>(`/user/admin/active-plan/${userId}`));

/** POST /trading-activity (admin) with the form's Idempotency-Key. */
export const useCreateActivity = () =>
  useChange(
    ({
      userId,
      payload,
      idempotencyKey,
    }: {
      userId: string;
      payload: Omit<z.input<typeof createTradingActivitySchema>, 'userId'>;
      idempotencyKey: string;
    }) => api.post<MessageAnswer>('/trading-activity', { ...payload, userId }, idempotent(idempotencyKey)),
  );

/** PUT /trading-activity/:id (admin): a change of profit posts the difference to the ledger. */
export const useUpdateActivity = () =>
  useChange(({ id, payload }: { id: string; payload: ActivityPayload }) =>
    api.put<MessageAnswer>(`/trading-activity/${id}`, payload),
  );

/** DELETE /trading-activity/:id (admin): withdraws its profit, then hides it. */
export const useDeleteActivity = () =>
  useChange((id: string) => api.delete<MessageAnswer>(`/trading-activity/${id}`));
