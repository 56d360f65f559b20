/**
 * TanStack Query hooks of the back office's e-mailing: e-mailing one client
 * (POST /user/admin/email), whom the admin finds by name or e-mail (GET /user/admin?search=).
 */
import type { AdminEmailFormInput } from '@common/schemas/emailing';
import type { UsersPage } from '@common/schemas/users';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /user/admin?search= (first 20 matches): the clients the e-mail form offers. */
export const recipientsQuery = (search: string) =>
  queryOptions({
    queryKey: ['emailing', 'recipients', search],
    queryFn: async () =>
      (
        await api.get<UsersPage>('/user/admin', {
          params: { page: 1, pageSize: 20, search: search || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** POST /user/admin/email (admin): e-mails one client. */
export function useSendEmail() {
  return useMutation({
    mutationFn: (input: AdminEmailFormInput) =>
      api.post<{ message: string; data: { userId: string; email: string } }>('/user/admin/email', input),
  });
}
