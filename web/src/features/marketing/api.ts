/** TanStack Query hooks of the public site: the contact form (POST /api/contacts, seed §7). */
import type { ContactInput } from '@common/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** POST /contacts: stores a visitor's message; answers 201 { message }. */
export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post<{ message: string }>('/contacts', input),
  });
}
