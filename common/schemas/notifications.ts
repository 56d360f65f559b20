/**
 * Payloads of /api/notifications: an admin's notice to one user, the admin's list query and the
 * answers both sides read.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { cursorQuery, messageAnswerSchema, nextCursorField, textFields } from './common';

/** Most characters of a notification title and message. */
export const NOTIFICATION_LIMITS = { title: 200, message: 5000 } as const;

const text = (field: string, max: number) =>
  z
    .string({ error: MSG.required(field) })
    .trim()
    .min(1, MSG.required(field))
    .max(max, `${field} must be at most ${max} characters`);

/** POST /api/notifications (admin): the notice for `userId`. Text is stored as given and rendered as text. */
export const createNotificationSchema = z.object({
  userId: z.uuid('Invalid id'),
  title: text('Title', NOTIFICATION_LIMITS.title),
  message: text('Message', NOTIFICATION_LIMITS.message),
});
export type CreateNotificationInput = z.infer<typeof createNotificationSchema>;

/** GET /api/notifications/user: the newest 100, or cursor pages (docs/integrations.md "Cursor pages"). */
export const notificationPageQuerySchema = cursorQuery;
export type NotificationPageQuery = z.output<typeof notificationPageQuerySchema>;

/** GET /api/notifications/export.csv?userId= (admin): one user's notifications. */
export const notificationsExportQuerySchema = z.object({ userId: z.uuid('Invalid id') });

/** GET /api/notifications?userId= (admin): one user's notifications, the newest 100 or cursor pages. */
export const notificationsQuerySchema = notificationsExportQuerySchema.extend(cursorQuery.shape);

/** Notification as the API answers it. */
export const publicNotificationSchema = z.object({
  ...textFields('_id', 'userId', 'title', 'message'),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type PublicNotification = z.infer<typeof publicNotificationSchema>;

/** Answer of GET /api/notifications/user: newest first, and how many are unread. */
export const userNotificationsSchema = z.object({
  data: z.array(publicNotificationSchema),
  nextCursor: nextCursorField,
  unread: z.number().int(),
});
export type UserNotifications = z.infer<typeof userNotificationsSchema>;

/** Answer of GET /api/notifications?userId= (admin). */
export const notificationListAnswerSchema = z.object({
  data: z.array(publicNotificationSchema),
  nextCursor: nextCursorField,
});

/** Answer of POST /api/notifications (201). */
export const notificationAnswerSchema = messageAnswerSchema.extend({ data: publicNotificationSchema });

/** Answer of PUT /api/notifications/user/read. */
export const notificationsReadAnswerSchema = messageAnswerSchema.extend({ unread: z.literal(0) });
