/**
 * /api/audit: the audit log, read-only. No route writes, edits or deletes a row here;
 * rows are written by the admin mutations themselves (server/lib/audit.ts).
 *
 * GET /audit          admin  ?actorId&targetUserId&client&action&from&to&page&pageSize → {data, total}, newest first
 * GET /audit/filters  admin  the admins who acted and the actions recorded (for the page's filters)
 */
import { auditFiltersAnswerSchema, auditPageSchema, auditQuerySchema } from '@common/schemas/audit';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { presentAuditEntry, presentAuditPerson } from './presenter';

const tags = ['audit'];

export async function auditAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.audit;

  route.get('', {
    summary: 'Pages through the audit log, newest first, by admin, client or action (admin)',
    schema: { response: { 200: auditPageSchema }, querystring: auditQuerySchema },
    config: { permission: 'audit.read' },
    handler: async (req) => presentPage(await svc.listAudit(req.query), presentAuditEntry),
  });

  route.get('/filters', {
    summary: 'Answers the admins who acted and the actions recorded, for the filters (admin)',
    schema: { response: { 200: auditFiltersAnswerSchema } },
    config: { permission: 'audit.read' },
    handler: async () => {
      const { admins, actions } = await svc.listFilters();
      return { data: { admins: admins.map(presentAuditPerson), actions } };
    },
  });
}
