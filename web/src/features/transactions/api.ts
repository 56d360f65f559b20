/**
 * TanStack Query hooks of the transaction history (docs/product.md): the
 * client's paged history and CSV export, an admin's view of one client's history, adding a
 * transaction (posted to the ledger) and voiding one (a reversing entry; nothing is deleted).
 */
import type { PublicUser } from '@common/types';
import type { addTransactionSchema, HistoryQuery, PublicTransaction } from '@common/schemas/transactions';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';
import { idempotent, pagedQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv, saveBlob } from '../../lib/save-blob';

/** One page of history lines and how many match in all. */
export interface HistoryPage {
  data: PublicTransaction[];
  total: number;
}

/** What filters a history table: its search, type and status. */
export type HistoryFilters = Pick<HistoryQuery, 'search' | 'type' | 'status'>;

/** GET /transaction/all: one page of the signed-in client's history. */
export const historyQuery = (params: HistoryQuery) =>
  pagedQuery<HistoryPage>(['transactions', 'history'], '/transaction/all', params);

/** GET /transaction/admin?userId=: one page of a client's history, for an admin. */
export const adminHistoryQuery = (userId: string, params: HistoryQuery) =>
  pagedQuery<HistoryPage>(['transactions', 'admin', userId], '/transaction/admin', { ...params, userId });

/**
 * GET /transaction/admin/export.csv?userId= with the history table's filters (search, type,
 * status): a client's history, saved as transactions.csv.
 */
export const downloadAdminHistoryCsv = (userId: string, filters: HistoryFilters) =>
  downloadCsv('/transaction/admin/export.csv', 'transactions.csv', { ...filters, userId });

/** GET /transaction/export.csv with the session's token, saved by the browser as transactions.csv. */
export async function downloadHistoryCsv(): Promise<void> {
  saveBlob(await api.blob('/transaction/export.csv'), 'transactions.csv');
}

/** What the add-transaction form sends (POST /transaction/:userId). `date` is an ISO date-time. */
export type AddTransactionPayload = z.input<typeof addTransactionSchema>;

/** POST /transaction/:userId (admin) with the form's Idempotency-Key. */
export const useAddTransaction = () =>
  useRefetchingMutation(
    ({
      userId,
      payload,
      idempotencyKey,
    }: {
      userId: string;
      payload: AddTransactionPayload;
      idempotencyKey: string;
    }) => api.post<MessageAnswer>(`/transaction/${userId}`, payload, idempotent(idempotencyKey)),
  );

/** DELETE /transaction/:id {reason} (admin): voids the line with a reversing entry. */
export const useVoidTransaction = () =>
  useRefetchingMutation(({ id, reason }: { id: string; reason: string }) =>
    api.delete<MessageAnswer>(`/transaction/${id}`, { reason }),
  );

/** GET /user/admin/email/:email: the client an admin adds a transaction for. */
export function useFindUserByEmail() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.get<{ data: PublicUser }>(`/user/admin/email/${encodeURIComponent(email)}`)).data,
  });
}
