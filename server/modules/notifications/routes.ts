/**
 * /api/notifications (seed §7 "Notifications"):
 *
 * GET    /notifications/user       signed in  {data: own notifications, newest first, unread: count}
 * PUT    /notifications/user/read  signed in  marks own notifications read
 * GET    /notifications?userId=    admin      {data: that user's notifications}
 * POST   /notifications            admin      {userId, title, message} → in-app notice + e-mail; audited
 * DELETE /notifications/:id        owner or admin (admin deletes are audited); another client's → 404
 */
import { MESSAGING_MSG } from '@common/messages';
import { idParams } from '@common/schemas/common';
import { createNotificationSchema, notificationsQuerySchema } from '@common/schemas/notifications';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { inTransaction } from '../../lib/unit-of-work';
import { currentUser } from '../auth/guard';
import { presentNotification } from './presenter';

const tags = ['notifications'];

export async function notificationRoutes(app: AppInstance) {
  const { guards, services, database } = app.ctx;
  const svc = services.notifications;

  app.get('/user', { schema: { tags }, onRequest: guards.requireUser }, async (req) => {
    const userId = currentUser(req).id;
    const [rows, unread] = await Promise.all([svc.listForUser(userId), svc.countUnread(userId)]);
    return { data: rows.map(presentNotification), unread };
  });

  app.put('/user/read', { schema: { tags }, onRequest: guards.requireUser }, async (req) => {
    await svc.markAllRead(currentUser(req).id);
    return { message: MESSAGING_MSG.notificationsRead, unread: 0 };
  });

  app.get(
    '/',
    { schema: { tags, querystring: notificationsQuerySchema }, onRequest: guards.requireAdmin },
    async (req) => ({
      data: (await svc.listForAdmin(req.query.userId)).map(presentNotification),
    }),
  );

  app.post(
    '/',
    { schema: { tags, body: createNotificationSchema }, onRequest: guards.requireAdmin },
    async (req, reply) => {
      const row = await inTransaction(database.db, req.log, (uow) =>
        svc.sendNotification(uow, auditActor(req), req.body),
      );
      return reply
        .code(201)
        .send({ message: MESSAGING_MSG.notificationSent, data: presentNotification(row) });
    },
  );

  app.delete('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireUser }, async (req) => {
    await svc.deleteNotification(currentUser(req), auditActor(req), req.params.id);
    return { message: MESSAGING_MSG.notificationDeleted };
  });
}
