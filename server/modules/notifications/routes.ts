/**
 * GET /api/notifications/user — the signed-in user's notifications (seed §7 "Notifications").
 */
import type { AppInstance } from '../../app';
import { currentUser } from '../auth/guard';
import { presentNotification } from './presenter';

export async function notificationRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.get('/user', { schema: { tags: ['notifications'] }, preHandler: guards.requireUser }, async (req) => ({
    data: (await services.notifications.listForUser(currentUser(req).id)).map(presentNotification),
  }));
}
