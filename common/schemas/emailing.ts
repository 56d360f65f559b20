/**
 * POST /api/user/admin/email (seed §2.8 /admin/emailing, §7 "User"): an admin e-mails one client,
 * named by e-mail (the seed's field) or by id. The message is sent as text and HTML-escaped.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { emailField } from './auth';

export const EMAIL_LIMITS = { subject: 200, message: 10_000 } as const;

const text = (field: string, max: number) =>
  z
    .string({ error: MSG.required(field) })
    .trim()
    .min(1, MSG.required(field))
    .max(max, `${field} must be at most ${max} characters`);

export const adminEmailSchema = z
  .object({
    email: emailField.optional(),
    userId: z.uuid('Invalid id').optional(),
    subject: text('Subject', EMAIL_LIMITS.subject),
    message: text('Message', EMAIL_LIMITS.message),
  })
  .refine((v) => v.email !== undefined || v.userId !== undefined, {
    message: 'Please select a user',
    path: ['userId'],
  });
export type AdminEmailInput = z.output<typeof adminEmailSchema>;
