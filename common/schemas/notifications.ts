/** Notification as the API answers it (seed §3 "Notification"). */
export interface PublicNotification {
  _id: string;
  userId: string;
  title: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}
