/** TanStack Query hooks of the public site: the contact form (POST /api/contacts). */
import type { ContactInput } from '@common/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';

/** POST /contacts: stores a visitor's message; answers 201 { message }. */
export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<MessageAnswer>('/contacts', input),
  });
}
