/**
 * TanStack Query hooks of the client dashboard (seed §2.7 "/account/home"; DESIGN.md §5): the
 * signed-in user, the ledger's figures and the latest transactions. Figures come from the ledger.
 */
import type { PublicTransaction } from '@common/schemas/transactions';
import type { UserWithFigures } from '@common/schemas/users';
import type { PublicUser } from '@common/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { getUser } from '../../lib/session';

/** GET /ledger/account: the client's figures in USD, derived from the ledger. */
export interface AccountFigures {
  balance: number;
  held: number;
  invested: number;
  totalDeposit: number;
  totalProfit: number;
  referralBonus: number;
  totalBonus: number;
}

/** GET /auth/user: the signed-in user (plan, name, e-mail, currency symbol). */
export const accountUserQuery = queryOptions({
  queryKey: ['account', 'user'],
  queryFn: async () => (await api.get<{ data: PublicUser }>('/auth/user')).data,
});

/** GET /ledger/account. */
export const accountFiguresQuery = queryOptions({
  queryKey: ['account', 'figures'],
  queryFn: async () => (await api.get<{ data: AccountFigures }>('/ledger/account')).data,
});

/** GET /user/me: the client with ledger figures and `activePlan` (a plan past its end date is completed first). */
export const accountMeQuery = queryOptions({
  queryKey: ['account', 'me'],
  queryFn: async () => (await api.get<{ data: UserWithFigures }>('/user/me')).data,
});

/** GET /transaction: the latest 10 lines of the client's history. */
export const recentTransactionsQuery = queryOptions({
  queryKey: ['account', 'recent-transactions'],
  queryFn: async () => (await api.get<{ data: PublicTransaction[] }>('/transaction')).data,
});

/** The signed-in user; the stored user stands in while the fresh copy loads. */
export function useAccountUser() {
  return useQuery({ ...accountUserQuery, placeholderData: () => getUser() ?? undefined });
}

export function useAccountFigures() {
  return useQuery(accountFiguresQuery);
}

/** The client's active plan (null when there is none), from GET /user/me. */
export function useActivePlan() {
  return useQuery({ ...accountMeQuery, select: (me) => me.activePlan });
}

export function useRecentTransactions() {
  return useQuery(recentTransactionsQuery);
}
