/**
 * TanStack Query hooks of the users module (seed §7 "User"): the admin's paged users list with
 * search (GET /user/admin).
 */
import type { UsersPage } from '@common/schemas/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The query of GET /user/admin (seed §9: sizes 10, 20, 30, 40). */
export interface UsersParams {
  page: number;
  pageSize: number;
  search?: string;
}

/** GET /user/admin: one page of users, newest first, matching the search in name or e-mail. */
export const adminUsersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: ['users', 'admin', 'list', params],
    queryFn: () => api.get<UsersPage>('/user/admin', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });
