/**
 * Payloads of /api/notifications (seed §3 "Notification", §7 "Notifications"): an admin's notice to
 * one user, the admin's list query and the answers both sides read.
 */
import { z } from 'zod';
import { MSG } from '../messages';

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

/** GET /api/notifications?userId= (admin): one user's notifications. */
export const notificationsQuerySchema = z.object({ userId: z.uuid('Invalid id') });

/** Notification as the API answers it (seed §3 "Notification"). */
export interface PublicNotification {
  _id: string;
  userId: string;
  title: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

/** Answer of GET /api/notifications/user: newest first, and how many are unread. */
export interface UserNotifications {
  data: PublicNotification[];
  unread: number;
}
