/**
 * TanStack Query hooks of investment plans (server/modules/plans): an admin's view of one client
 * with their active plan, opening a plan, adding profit and clearing a plan. Money-moving POSTs carry
 * the form's Idempotency-Key; after any change every query on screen is refetched.
 */
import type { addProfitSchema, openPlanSchema } from '@common/schemas/plans';
import type { UserWithFigures } from '@common/schemas/users';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, idempotent, useRefetchingMutation } from '../../lib/queries';

/** GET /user/admin/:id: a client with figures and `activePlan`, for an admin. */
export const adminClientQuery = (userId: string) =>
  dataQuery<UserWithFigures>(['plans', 'admin', 'client', userId], `/user/admin/${userId}`);

/** What the Place Your Trade form sends (the server sets the dates). */
export type OpenPlanPayload = z.input<typeof openPlanSchema>;

/** What the add-profit form sends: the profit (USD) and its date (ISO). */
type ProfitPayload = z.input<typeof addProfitSchema>;

/** POST /user/active-plan with the form's Idempotency-Key. */
export const useOpenPlan = () =>
  useRefetchingMutation(({ payload, idempotencyKey }: { payload: OpenPlanPayload; idempotencyKey: string }) =>
    api.post<MessageAnswer>('/user/active-plan', payload, idempotent(idempotencyKey)),
  );

/** POST /user/admin/add-profit/:id {profit, date (ISO)} with the form's Idempotency-Key. */
export const useAddProfit = () =>
  useRefetchingMutation(
    ({
      userId,
      payload,
      idempotencyKey,
    }: {
      userId: string;
      payload: ProfitPayload;
      idempotencyKey: string;
    }) => api.post<MessageAnswer>(`/user/admin/add-profit/${userId}`, payload, idempotent(idempotencyKey)),
  );

/** DELETE /user/admin/active-plan/:id: clears the client's plan (the capital returns). */
export const useClearPlan = () =>
  useRefetchingMutation((userId: string) => api.delete<MessageAnswer>(`/user/admin/active-plan/${userId}`));
