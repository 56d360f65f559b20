/**
 * TanStack Query hooks of the notifications: the client's own list with
 * its unread count (the header bell), marking them read, deleting one; an admin's list of one
 * user's notifications (and their CSV export) and sending one.
 */
import type {
  CreateNotificationInput,
  PublicNotification,
  UserNotifications,
} from '@common/schemas/notifications';
import { queryOptions } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';
import { saveBlob } from '../../lib/save-blob';

const keys = {
  all: ['notifications'] as const,
  user: ['notifications', 'user'] as const,
  admin: (userId: string) => ['notifications', 'admin', userId] as const,
};

/** GET /notifications/user: the client's notifications, newest first, and how many are unread. */
export const userNotificationsQuery = queryOptions({
  queryKey: keys.user,
  queryFn: () => api.get<UserNotifications>('/notifications/user'),
  // the bell picks up new notices while the client works
  refetchInterval: 60_000,
});

/** GET /notifications?userId= (admin): one user's notifications. */
export const adminNotificationsQuery = (userId: string) =>
  dataQuery<PublicNotification[]>(keys.admin(userId), '/notifications', { userId });

/** GET /notifications/export.csv?userId= (admin) with the session's token, saved as notifications.csv. */
export async function downloadNotificationsCsv(userId: string): Promise<void> {
  saveBlob(await api.blob('/notifications/export.csv', { params: { userId } }), 'notifications.csv');
}

/** PUT /notifications/user/read: marks the client's notifications read (the bell drops to 0). */
export const useMarkNotificationsRead = () =>
  useRefetchingMutation(
    () => api.put<{ message: string; unread: number }>('/notifications/user/read'),
    keys.user,
  );

/** DELETE /notifications/:id: the client's own, or any for an admin. */
export const useDeleteNotification = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/notifications/${id}`), keys.all);

/** POST /notifications (admin): sends a notice to one user (in-app and by e-mail). */
export const useSendNotification = () =>
  useRefetchingMutation(
    (input: CreateNotificationInput) =>
      api.post<{ message: string; data: PublicNotification }>('/notifications', input),
    (input) => keys.admin(input.userId),
  );
