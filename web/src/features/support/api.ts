/**
 * TanStack Query hooks of support (docs/product.md): the client's tickets with
 * support's replies, sending a message or a follow-up; the admin's list of every ticket, replying,
 * closing or reopening, and deleting. Every change refetches the ticket lists.
 */
import type {
  PublicSupportTicket,
  SupportMessageInput,
  SupportStatus,
  UpdateTicketInput,
} from '@common/schemas/support';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';

/** The root of every ticket list's cache key: each change refetches them all. */
const TICKETS = ['support'] as const;

/** What the ticket mutations answer. */
interface TicketAnswer {
  message: string;
  data: PublicSupportTicket;
}

/** GET /support/user: the client's own tickets with replies, newest first. */
export const myTicketsQuery = dataQuery<PublicSupportTicket[]>([...TICKETS, 'mine'], '/support/user');

/** GET /support?status= (admin): every ticket, or only open / closed ones, newest first. */
export const adminTicketsQuery = (status?: SupportStatus) =>
  dataQuery<PublicSupportTicket[]>([...TICKETS, 'admin', status ?? 'all'], '/support', { status });

/** GET /support/export.csv?status: every ticket shown (all without a status), saved as support-tickets.csv. */
export const downloadTicketsCsv = (status?: SupportStatus) =>
  downloadCsv('/support/export.csv', 'support-tickets.csv', { status });

/** POST /support: opens a ticket with the client's message. */
export const useSendSupportMessage = () =>
  useRefetchingMutation((input: SupportMessageInput) => api.post<TicketAnswer>('/support', input), TICKETS);

/** POST /support/:id/replies: the client adds to their own open ticket. */
export const useAddClientReply = () =>
  useRefetchingMutation(
    ({ id, ...input }: SupportMessageInput & { id: string }) =>
      api.post<TicketAnswer>(`/support/${id}/replies`, input),
    TICKETS,
  );

/** PUT /support/:id (admin): a reply to the client and/or a new status. */
export const useUpdateTicket = () =>
  useRefetchingMutation(
    ({ id, ...input }: UpdateTicketInput & { id: string }) => api.put<TicketAnswer>(`/support/${id}`, input),
    TICKETS,
  );

/** DELETE /support/:id (admin). */
export const useDeleteTicket = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/support/${id}`), TICKETS);
