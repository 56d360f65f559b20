/**
 * POST /api/user/admin/email (admin) {email or userId, subject, message} → the mail to
 * that client, "Email sent successfully"; 404 for an unknown client. Audited (`user.email`).
 */
import { MSG } from '@common/messages';
import { adminEmailAnswerSchema, adminEmailSchema } from '@common/schemas/emailing';
import type { AppInstance } from '../../app-context';
import { routeSchema } from '../../lib/route-schemas';
import { auditActor } from '../../lib/audit';

export async function emailingAdminRoutes(app: AppInstance) {
  const svc = app.ctx.services.emailing;

  app.post(
    '/admin/email',
    {
      schema: routeSchema(
        ['users'],
        'E-mails one client, named by e-mail or id (admin)',
        { 200: adminEmailAnswerSchema },
        { body: adminEmailSchema },
      ),
      config: { permission: 'emailing.send' },
    },
    async (req) => {
      const sent = await svc.sendEmail(auditActor(req), req.body);
      return { message: MSG.emailSent, data: sent };
    },
  );
}
