/**
 * TanStack Query hooks of the back office's messages: the contact form's messages
 * (GET and DELETE /contacts) and e-mailing one client (POST /user/admin/email), whom the admin finds
 * by name or e-mail (GET /user/admin?search=).
 */
import type { AdminEmailFormInput } from '@common/schemas/emailing';
import type { UsersPage } from '@common/schemas/users';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';

/** A message from the public contact form. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

/** GET /contacts (admin): every message, newest first. */
export const contactsQuery = dataQuery<ContactMessage[]>(['contacts'], '/contacts');

/** DELETE /contacts/:id (admin). */
export const useDeleteContact = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/contacts/${id}`), ['contacts']);

/** GET /user/admin?search= (first 20 matches): the clients the e-mail form offers. */
export const recipientsQuery = (search: string) =>
  queryOptions({
    queryKey: ['messages', 'recipients', search],
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
