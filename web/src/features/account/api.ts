/**
 * TanStack Query hooks of the client dashboard (/account/home): the signed-in user, the ledger's
 * figures, the latest transactions and the account value series. Figures come from the ledger.
 */
import type { AccountFigures, PublicTransaction } from '@common/schemas/transactions';
import type { ValueHistory, ValueHistoryRange } from '@common/schemas/value-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { getUser } from '../../lib/session';
import { accountFiguresQuery, currentUserQuery, meQuery } from '../../lib/user-queries';

export type { AccountFigures, ValueHistory, ValueHistoryRange };

/** GET /transaction: the latest 10 lines of the client's history. */
export const recentTransactionsQuery = queryOptions({
  queryKey: ['account', 'recent-transactions'],
  queryFn: async () => (await api.get<{ data: PublicTransaction[] }>('/transaction')).data,
});

/** The signed-in user; the stored user stands in while the fresh copy loads. */
export function useAccountUser() {
  return useQuery({ ...currentUserQuery, placeholderData: () => getUser() ?? undefined });
}

export function useAccountFigures() {
  return useQuery(accountFiguresQuery);
}

/** The client's active plan (null when there is none), from GET /user/me. */
export function useActivePlan() {
  return useQuery({ ...meQuery, select: (me) => me.activePlan });
}

export function useRecentTransactions() {
  return useQuery(recentTransactionsQuery);
}

/**
 * GET /transaction/value-history: the client's account value per day over `range` (USD), the days
 * with activity only (value-series.ts fills the others). Kept while the next range loads.
 */
export const valueHistoryQuery = (range: ValueHistoryRange) =>
  queryOptions({
    queryKey: ['transaction', 'value-history', range],
    queryFn: () => api.get<ValueHistory>('/transaction/value-history', { params: { range } }),
  });

export function useValueHistory(range: ValueHistoryRange) {
  return useQuery({ ...valueHistoryQuery(range), placeholderData: (previous) => previous });
}
