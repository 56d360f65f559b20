/** What of a notification row leaves the server. */
import type { PublicNotification } from '@common/schemas/notifications';
import type { NotificationRow } from './service';

export function presentNotification(row: NotificationRow): PublicNotification {
  return {
    _id: row.id,
    userId: row.userId,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
