/**
 * TanStack Query hooks of the client dashboard (/account/home): the
 * signed-in user, the ledger's figures and the latest transactions. Figures come from the ledger.
 */
import type { AccountFigures, PublicTransaction } from '@common/schemas/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { getUser } from '../../lib/session';
import { accountFiguresQuery, currentUserQuery, meQuery } from '../../lib/user-queries';

export type { AccountFigures };

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
