/**
 * TanStack Query hooks of the back office's contact messages: the public contact form's messages
 * (GET and DELETE /contacts).
 */
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
