/**
 * POST /api/user/admin/email (/admin/emailing): an admin e-mails one client, named by e-mail (the
 * original field) or by id. The message is sent as text and HTML-escaped.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { emailField } from './auth';
import { messageAnswerSchema } from './common';

export const EMAIL_LIMITS = { subject: 200, message: 10_000 } as const;

const SELECT_USER = 'Please select a user';

const text = (field: string, max: number) =>
  z
    .string({ error: MSG.required(field) })
    .trim()
    .min(1, MSG.required(field))
    .max(max, `${field} must be at most ${max} characters`);

const subject = text('Subject', EMAIL_LIMITS.subject);
const message = text('Message', EMAIL_LIMITS.message);

/** The API payload: the client by `email` (the original field) or by `userId`. */
export const adminEmailSchema = z
  .object({
    email: emailField.optional(),
    userId: z.uuid('Invalid id').optional(),
    subject,
    message,
  })
  .refine((v) => v.email !== undefined || v.userId !== undefined, { message: SELECT_USER, path: ['userId'] });
export type AdminEmailInput = z.output<typeof adminEmailSchema>;

/** The /admin/emailing form: a client picked from the list (by id), subject and message. */
export const adminEmailFormSchema = z.object({ userId: z.uuid({ error: SELECT_USER }), subject, message });
export type AdminEmailFormInput = z.output<typeof adminEmailFormSchema>;

/** Answer of POST /api/user/admin/email: the client the mail went to. */
export const adminEmailAnswerSchema = messageAnswerSchema.extend({
  data: z.object({ userId: z.string(), email: z.string() }),
});
