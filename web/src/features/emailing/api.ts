/**
 * TanStack Query hooks of the back office's e-mailing: e-mailing one client
 * (POST /user/admin/email), whom the admin finds by name or e-mail (GET /user/admin?search=), and
 * the mail outbox (GET /mail/outbox, POST /mail/outbox/:id/retry; `emailing.send`).
 */
import type {
  AdminEmailFormInput,
  outboxMailAnswerSchema,
  outboxPageSchema,
  OutboxQuery,
} from '@common/schemas/emailing';
import type { UsersPage } from '@common/schemas/users';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { pagedQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';

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

/** Which mails the outbox page lists: failed, queued (waiting for a try) or sent. */
export type OutboxView = OutboxQuery['status'];

/** One page of the outbox (`GET /api/mail/outbox`): never a mail's body. */
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** GET /mail/outbox?status&page&pageSize: the mails of one status, newest first. */
export const outboxQuery = (params: OutboxQuery) =>
  pagedQuery<OutboxPage>(['mail-outbox', params.status], '/mail/outbox', params);

/** GET /mail/outbox/export.csv?status: every mail of the view as CSV (no bodies), saved as mail-outbox.csv. */
export const downloadOutboxCsv = (status: OutboxView) =>
  downloadCsv('/mail/outbox/export.csv', 'mail-outbox.csv', { status });

/**
 * POST /mail/outbox/:id/retry (no body): queues a failed mail again; 409 when it is not failed
 * (another staff member queued it first). Refetches the outbox's views.
 */
export const useRetryMail = () =>
  useRefetchingMutation(
    (id: string) => api.post<z.infer<typeof outboxMailAnswerSchema>>(`/mail/outbox/${id}/retry`),
    ['mail-outbox'],
  );
