/**
 * TanStack Query hooks of support (docs/product.md): the client's tickets with
 * support's replies, sending a message or a follow-up; the admin's list of every ticket, replying,
 * closing or reopening, and deleting.
 */
import type {
  PublicSupportTicket,
  SupportMessageInput,
  SupportStatus,
  UpdateTicketInput,
} from '@common/schemas/support';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';

const keys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  admin: (status?: SupportStatus) => ['support', 'admin', status ?? 'all'] as const,
};

/** What the ticket mutations answer. */
interface TicketAnswer {
  message: string;
  data: PublicSupportTicket;
}

/** GET /support/user: the client's own tickets with replies, newest first. */
export const myTicketsQuery = queryOptions({
  queryKey: keys.mine,
  queryFn: async () => (await api.get<{ data: PublicSupportTicket[] }>('/support/user')).data,
});

/** GET /support?status= (admin): every ticket, or only open / closed ones, newest first. */
export const adminTicketsQuery = (status?: SupportStatus) =>
  queryOptions({
    queryKey: keys.admin(status),
    queryFn: async () =>
      (await api.get<{ data: PublicSupportTicket[] }>('/support', { params: { status } })).data,
  });

/** POST /support: opens a ticket with the client's message. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportMessageInput) => api.post<TicketAnswer>('/support', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST /support/:id/replies: the client adds to their own open ticket. */
export function useAddClientReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SupportMessageInput & { id: string }) =>
      api.post<TicketAnswer>(`/support/${id}/replies`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** PUT /support/:id (admin): a reply to the client and/or a new status. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateTicketInput & { id: string }) =>
      api.put<TicketAnswer>(`/support/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** DELETE /support/:id (admin). */
export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/support/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
