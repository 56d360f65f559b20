/**
 * /api/audit (issue 6): the audit log, read-only. No route writes, edits or deletes a row here;
 * rows are written by the admin mutations themselves (server/lib/audit.ts).
 *
 * GET /audit          admin  ?actorId&targetUserId&client&action&page&pageSize → {data, total}, newest first
 * GET /audit/filters  admin  the admins who acted and the actions recorded (for the page's filters)
 */
import { auditQuerySchema } from '@common/schemas/audit';
import type { AppInstance } from '../../app-context';
import { presentAuditEntry, presentAuditPerson } from './presenter';
import { createAuditService } from './service';

const tags = ['audit'];

export async function auditRoutes(app: AppInstance) {
  const { guards, database } = app.ctx;
  const svc = createAuditService(database.db);

  app.get(
    '/',
    { schema: { tags, querystring: auditQuerySchema }, onRequest: guards.requireAdmin },
    async (req) => {
      const { rows, total } = await svc.listAudit(req.query);
      return { data: rows.map(presentAuditEntry), total };
    },
  );

  app.get('/filters', { schema: { tags }, onRequest: guards.requireAdmin }, async () => {
    const { admins, actions } = await svc.listFilters();
    return { data: { admins: admins.map(presentAuditPerson), actions } };
  });
}
