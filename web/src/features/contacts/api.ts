/**
 * TanStack Query hooks of the back office's contact messages: the public contact form's messages
 * (GET and DELETE /contacts).
 */
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';

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

/** GET /contacts/export.csv: every message as CSV, saved as contact-messages.csv. */
export const downloadContactsCsv = () => downloadCsv('/contacts/export.csv', 'contact-messages.csv');

/** DELETE /contacts/:id (admin). */
export const useDeleteContact = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/contacts/${id}`), ['contacts']);
