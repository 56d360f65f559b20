/**
 * In-app notifications (seed §3 "Notification") and the e-mail that goes with a notice.
 * `notify` writes the notification row in the caller's transaction and sends the e-mail only after
 * it commits: a failing mail server never undoes an approval (the failure is logged).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { escapeHtml, type Mailer } from '../../lib/mail';
import type { UnitOfWork } from '../../lib/unit-of-work';

export type NotificationRow = typeof notifications.$inferSelect;

export interface Notice {
  userId: string;
  title: string;
  message: string;
}

export function createNotificationsService(db: Db, mailer: Mailer) {
  return {
    /** Records the notice for the user inside `uow` and e-mails it after commit. */
    async notify(uow: UnitOfWork, notice: Notice): Promise<void> {
      await uow.tx.insert(notifications).values(notice);
      const [user] = await uow.tx.select({ email: users.email }).from(users).where(eq(users.id, notice.userId));
      if (!user) return;
      uow.afterCommit(() =>
        mailer.send({
          to: user.email,
          subject: notice.title,
          text: `${notice.message}\n\nYou can see your account history in your dashboard.`,
          html: `<p>${escapeHtml(notice.message)}</p><p>You can see your account history in your dashboard.</p>`,
        }),
      );
    },

    /** The user's notifications, newest first (at most 100). */
    async listForUser(userId: string): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(100);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
