/**
 * POST /api/contacts — the public contact form (name, email, message required; e-mail at most 254
 * characters).
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { emailField } from './auth';
import { cursorQuery, nextCursorField, textFields } from './common';

export const contactSchema = z.object({
  name: z
    .string({ error: MSG.required('Name') })
    .trim()
    .min(1, MSG.required('Name'))
    .max(100, 'Name must be at most 100 characters'),
  email: emailField,
  message: z
    .string({ error: MSG.required('Message') })
    .trim()
    .min(1, MSG.required('Message'))
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** A message from the contact form as the back office reads it. */
export const publicContactSchema = z.object({
  ...textFields('_id', 'name', 'email', 'message'),
  createdAt: z.iso.datetime(),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

/** GET /api/contacts (admin): every message, or cursor pages (docs/integrations.md "Cursor pages"). */
export const contactsQuerySchema = cursorQuery;
export type ContactsQuery = z.output<typeof contactsQuerySchema>;

/** Answer of GET /api/contacts (admin): newest first; `nextCursor` on cursor pages. */
export const contactListAnswerSchema = z.object({
  data: z.array(publicContactSchema),
  nextCursor: nextCursorField,
});
