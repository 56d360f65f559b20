/**
 * Payloads of /api/support (clients see their tickets and the replies from support: docs/product.md).
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { cursorQuery, messageAnswerSchema, nextCursorField } from './common';

/** Most characters of a ticket or reply. */
export const SUPPORT_MESSAGE_MAX = 5000;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

const messageField = z
  .string({ error: MSG.required('Message') })
  .trim()
  .min(1, MSG.required('Message'))
  .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`);

/** POST /api/support (client) and POST /api/support/:id/replies (client, own open ticket). */
export const supportMessageSchema = z.object({ message: messageField });
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;

/** PUT /api/support/:id (admin): a reply to the client, a new status, or both (an empty reply counts as none). */
export const updateTicketSchema = z
  .object({
    reply: z
      .string()
      .trim()
      .max(SUPPORT_MESSAGE_MAX, `Reply must be at most ${SUPPORT_MESSAGE_MAX} characters`)
      .optional(),
    status: z.enum(SUPPORT_STATUSES, { error: 'Status must be open or closed' }).optional(),
  })
  .refine((v) => Boolean(v.reply) || v.status !== undefined, {
    message: 'Please write a reply or choose a status',
  });
export type UpdateTicketInput = z.output<typeof updateTicketSchema>;

/** GET /api/support/user: the client's tickets, all or in cursor pages (docs/integrations.md "Cursor pages"). */
export const ticketPageQuerySchema = cursorQuery;
export type TicketPageQuery = z.output<typeof ticketPageQuerySchema>;

/** GET /api/support/export.csv (admin): every ticket, or only open / closed ones. */
export const ticketsExportQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: 'Status must be open or closed' }).optional(),
});

/** GET /api/support (admin): the export's filter, and cursor pages. */
export const ticketsQuerySchema = ticketsExportQuerySchema.extend(cursorQuery.shape);
export type TicketsQuery = z.output<typeof ticketsQuerySchema>;

/** One message on a ticket after the first: from support (an admin) or from the client. */
export const publicSupportReplySchema = z.object({
  _id: z.string(),
  message: z.string(),
  fromSupport: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type PublicSupportReply = z.infer<typeof publicSupportReplySchema>;

/** A ticket as the API answers it: the original `_id, message, user {_id, email}`, plus status and replies (oldest first). */
export const publicSupportTicketSchema = z.object({
  _id: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  user: z.object({ _id: z.string(), email: z.string() }),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  replies: z.array(publicSupportReplySchema),
});
export type PublicSupportTicket = z.infer<typeof publicSupportTicketSchema>;

/** Answer of GET /api/support and GET /api/support/user: newest first; `nextCursor` on cursor pages. */
export const ticketListAnswerSchema = z.object({
  data: z.array(publicSupportTicketSchema),
  nextCursor: nextCursorField,
});

/** Answer of a change to a ticket (`{ message, data }`). */
export const ticketAnswerSchema = messageAnswerSchema.extend({ data: publicSupportTicketSchema });
