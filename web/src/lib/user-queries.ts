/**
 * The signed-in user's queries that several features read: who they are (GET /auth/user, and
 * GET /user/me with ledger figures and the active plan) and their ledger figures
 * (GET /ledger/account), their withdrawal address book (GET /beneficiaries) and their passkeys
 * (GET /auth/passkeys). They live below the features so that none imports another's api.ts.
 */
import type { PublicUser } from '@common/types';
import type { AccountFigures } from '@common/schemas/transactions';
import type { UserWithFigures } from '@common/schemas/users';
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';
import type { Passkey } from '@common/schemas/passkeys';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { dataQuery } from './queries';
import { getToken, updateUser } from './session';

/** GET /auth/user: the signed-in user, fresh from the server; refreshes the stored user. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async () => {
    const { data } = await api.get<{ data: PublicUser }>('/auth/user');
    if (getToken()) updateUser(data);
    return data;
  },
});

/**
 * GET /user/me: the signed-in client with ledger figures, who referred them and `activePlan` (a plan
 * past its end date is completed first). Read by the dashboard, the trading page and the profile.
 */
export const meQuery = queryOptions({
  queryKey: ['user', 'me'],
  queryFn: async () => (await api.get<{ data: UserWithFigures }>('/user/me')).data,
});

/**
 * GET /ledger/account: the signed-in client's figures in USD (available balance, held, invested,
 * totals), derived from the ledger. Read by the dashboard, the funding forms and the trading page.
 */
export const accountFiguresQuery = queryOptions({
  queryKey: ['ledger', 'account'],
  queryFn: async () => (await api.get<{ data: AccountFigures }>('/ledger/account')).data,
});

/**
 * GET /beneficiaries: the client's withdrawal address book (not deleted), newest first. Read by the
 * address book page and the withdrawal forms, which send only to its active destinations.
 */
export const myBeneficiariesQuery = dataQuery<PublicBeneficiary[]>(
  ['beneficiaries', 'mine'],
  '/beneficiaries',
);

/**
 * GET /auth/passkeys: the user's passkeys, newest first. Read by the security settings and the
 * withdrawal forms, which offer a passkey confirmation instead of the code when there is one.
 */
export const passkeysQuery = queryOptions({
  queryKey: ['security', 'passkeys'],
  queryFn: async () => (await api.get<{ data: Passkey[] }>('/auth/passkeys')).data,
});
