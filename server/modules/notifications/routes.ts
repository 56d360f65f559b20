/**
 * /api/notifications:
 *
 * GET    /notifications/user       signed in  {data: own notifications, newest first, unread: count}
 * PUT    /notifications/user/read  signed in  marks own notifications read
 * GET    /notifications?userId=    admin      {data: that user's notifications}
 * POST   /notifications            admin      {userId, title, message} → in-app notice + e-mail; audited
 * DELETE /notifications/:id        owner or admin (admin deletes are audited); another client's → 404
 */
import { MESSAGING_MSG } from '@common/messages';
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  createNotificationSchema,
  notificationAnswerSchema,
  notificationListAnswerSchema,
  notificationsQuerySchema,
  notificationsReadAnswerSchema,
  userNotificationsSchema,
} from '@common/schemas/notifications';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { inTransaction } from '../../lib/unit-of-work';
import { currentUser } from '../auth/guard';
import { presentNotification } from './presenter';
import { onClient } from '../../lib/targets';

const tags = ['notifications'];

/**
 * The signed-in user's notifications: the list, mark all read, delete one; registered in a
 * signed-in scope of app.ts (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function notificationRoutes(app: AppInstance) {
  const { services } = app.ctx;
  const svc = services.notifications;
  const route = declareRoutes(app, tags);

  route.get('/user', {
    summary: "Lists the signed-in user's notifications, newest first, with the unread count",
    schema: { response: { 200: userNotificationsSchema } },
    handler: async (req) => {
      const userId = currentUser(req).id;
      const [rows, unread] = await Promise.all([svc.listForUser(userId), svc.countUnread(userId)]);
      return { data: rows.map(presentNotification), unread };
    },
  });

  route.put('/user/read', {
    summary: "Marks the signed-in user's notifications read",
    schema: { response: { 200: notificationsReadAnswerSchema } },
    handler: async (req) => {
      await svc.markAllRead(currentUser(req).id);
      return { message: MESSAGING_MSG.notificationsRead, unread: 0 as const };
    },
  });

  route.delete('/:id', {
    summary: 'Deletes a notification (its owner, or an admin)',
    schema: { params: idParams, response: { 200: messageAnswerSchema } },
    handler: async (req) => {
      await svc.deleteNotification(currentUser(req), auditActor(req), req.params.id);
      return { message: MESSAGING_MSG.notificationDeleted };
    },
  });
}

/**
 * The staff's notification routes, registered inside the staff scope of app.ts, whose one onRequest
 * hook is the admin guard.
 */
export async function notificationAdminRoutes(app: AppInstance) {
  const { services, database } = app.ctx;
  const svc = services.notifications;
  const route = declareRoutes(app, tags);

  route.get('', {
    summary: "Lists one user's notifications (admin)",
    schema: { response: { 200: notificationListAnswerSchema }, querystring: notificationsQuerySchema },
    config: { permission: 'clients.read', target: onClient('queryUser') },
    handler: async (req) => ({
      data: (await svc.listForAdmin(req.query.userId)).map(presentNotification),
    }),
  });

  route.post('', {
    summary: 'Sends a user an in-app notification and an e-mail (admin)',
    schema: { response: { 201: notificationAnswerSchema }, body: createNotificationSchema },
    config: { permission: 'notifications.send', target: onClient('bodyUser') },
    handler: async (req, reply) => {
      const row = await inTransaction(database.db, req.log, (uow) =>
        svc.sendNotification(uow, auditActor(req), req.body),
      );
      return reply
        .code(201)
        .send({ message: MESSAGING_MSG.notificationSent, data: presentNotification(row) });
    },
  });
}
