/**
 * TanStack Query hooks of the client dashboard (seed §2.7 "/account/home"; DESIGN.md §5): the
 * signed-in user, the ledger's figures and the latest transactions. Figures come from the ledger.
 */
import type { AccountFigures, PublicTransaction } from '@common/schemas/transactions';
import type { UserWithFigures } from '@common/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { currentUserQuery } from '../auth/api';
import { getUser } from '../../lib/session';

export type { AccountFigures };

/**
 * GET /ledger/account: the signed-in client's figures in USD (available balance, held, invested,
 * totals), derived from the ledger. Shared by the dashboard, the funding forms and the plan cards.
 */
export const accountFiguresQuery = queryOptions({
  queryKey: ['ledger', 'account'],
  queryFn: async () => (await api.get<{ data: AccountFigures }>('/ledger/account')).data,
});

/**
 * GET /user/me: the signed-in client with ledger figures, who referred them and `activePlan` (a plan
 * past its end date is completed first). Shared by the dashboard, the trading page and the profile.
 */
export const meQuery = queryOptions({
  queryKey: ['user', 'me'],
  queryFn: async () => (await api.get<{ data: UserWithFigures }>('/user/me')).data,
});

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
