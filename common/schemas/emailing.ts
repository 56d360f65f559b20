/**
 * POST /api/user/admin/email (/admin/emailing): an admin e-mails one client, named by e-mail (the
 * original field) or by id. The message is sent as text and HTML-escaped.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { emailField } from './auth';
import { cursorQuery, messageAnswerSchema, nextCursorField, pagedListSchema, pagingQuery } from './common';

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

/**
 * The mail outbox as staff see it (GET /api/mail/outbox): never a mail's body (it may hold a code),
 * which a sent mail loses anyway after MAIL_RETENTION_DAYS (`bodyRemovedAt`).
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'logged'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('What the mail server said at the last failed try'),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  bodyRemovedAt: z
    .string()
    .nullable()
    .describe(
      'When housekeeping removed the body (codes, links) of this sent mail, MAIL_RETENTION_DAYS after it was written; null while kept',
    ),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** `GET /api/mail/outbox?status&page&pageSize`: failed (default), queued or sent mails, newest first. */
export const outboxQuerySchema = pagingQuery().extend({
  status: z.enum(['failed', 'queued', 'sent']).default('failed'),
  ...cursorQuery.shape,
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** `GET /api/mail/outbox/export.csv?status`: the outbox page's filter, no paging. */
export const outboxExportQuerySchema = outboxQuerySchema.pick({ status: true });

export const outboxPageSchema = pagedListSchema(outboxMailSchema).extend({ nextCursor: nextCursorField });
export const outboxMailAnswerSchema = messageAnswerSchema.extend({ data: outboxMailSchema });
