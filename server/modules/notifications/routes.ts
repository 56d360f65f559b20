/**
 * /api/notifications:
 *
 * GET    /notifications/user?cursor&limit  signed in  {data: own notifications, newest first, unread: count, nextCursor?}
 * PUT    /notifications/user/read  signed in  marks own notifications read
 * GET    /notifications?userId&cursor&limit  admin  {data: that user's notifications, nextCursor?}
 * GET    /notifications/export.csv?userId=   admin  that user's notifications as CSV, newest first
 * POST   /notifications            admin      {userId, title, message} → in-app notice + e-mail; audited
 * DELETE /notifications/:id        owner or admin (admin deletes are audited); another client's → 404
 */
import { MESSAGING_MSG } from '@common/messages';
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  createNotificationSchema,
  notificationAnswerSchema,
  notificationListAnswerSchema,
  notificationPageQuerySchema,
  notificationsExportQuerySchema,
  notificationsQuerySchema,
  notificationsReadAnswerSchema,
  userNotificationsSchema,
} from '@common/schemas/notifications';
import type { AppInstance } from '../../app-context';
import { presentList } from '../../lib/cursor';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { inTransaction } from '../../lib/unit-of-work';
import { currentUser } from '../auth/guard';
import { exportNotificationsCsv } from './export';
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
    summary:
      "Lists the signed-in user's notifications, newest first, with the unread count: the newest 100, or by cursor with ?limit and ?cursor",
    schema: { response: { 200: userNotificationsSchema }, querystring: notificationPageQuerySchema },
    config: { errorCodes: ['invalid_cursor'] },
    handler: async (req) => {
      const userId = currentUser(req).id;
      const [list, unread] = await Promise.all([svc.listForUser(userId, req.query), svc.countUnread(userId)]);
      return { ...presentList(list, presentNotification), unread };
    },
  });

  route.put('/user/read', {
    summary: "Marks the signed-in user's notifications read",
    schema: { response: { 200: notificationsReadAnswerSchema } },
    config: { errorCodes: [] },
    handler: async (req) => {
      await svc.markAllRead(currentUser(req).id);
      return { message: MESSAGING_MSG.notificationsRead, unread: 0 as const };
    },
  });

  route.delete('/:id', {
    summary: 'Deletes a notification (its owner, or an admin)',
    schema: { params: idParams, response: { 200: messageAnswerSchema } },
    config: { errorCodes: ['notification_not_found'] },
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
    summary:
      "Lists one user's notifications, newest first: the newest 100, or by cursor with ?limit and ?cursor (admin)",
    schema: { response: { 200: notificationListAnswerSchema }, querystring: notificationsQuerySchema },
    config: { permission: 'clients.read', target: onClient('queryUser'), errorCodes: ['invalid_cursor'] },
    handler: async (req) =>
      presentList(await svc.listForAdmin(req.query.userId, req.query), presentNotification),
  });

  declareCsvExport(app, route, {
    summary: "Exports one user's notifications as CSV, newest first (admin)",
    rows: 'One row per notification, with a header row: time sent and time read (UTC), title, message, id',
    permission: 'clients.read',
    target: onClient('queryUser'),
    filename: 'notifications.csv',
    querystring: notificationsExportQuerySchema,
    csv: exportNotificationsCsv,
  });

  route.post('', {
    summary: 'Sends a user an in-app notification and an e-mail (admin)',
    schema: { response: { 201: notificationAnswerSchema }, body: createNotificationSchema },
    config: {
      permission: 'notifications.send',
      target: onClient('bodyUser'),
      errorCodes: ['user_not_found'],
    },
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
