/**
 * /api/audit: the audit log, read-only. No route writes, edits or deletes a row here;
 * rows are written by the admin mutations themselves (server/lib/audit.ts).
 *
 * GET /audit          admin  ?actorId&targetUserId&client&action&from&to&page&pageSize → {data, total}, newest first;
 *                            with ?limit (and ?cursor): a cursor page, {data, total, nextCursor} (lib/cursor.ts)
 * GET /audit/export.csv admin ?actorId&targetUserId&client&action&from&to → every matching row as CSV, newest first
 * GET /audit/filters  admin  the admins who acted and the actions recorded (for the page's filters)
 */
import {
  auditExportQuerySchema,
  auditFiltersAnswerSchema,
  auditPageSchema,
  auditQuerySchema,
} from '@common/schemas/audit';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { sendCsv } from '../../lib/csv';
import { csvAnswer } from '../../lib/route-schemas';
import { presentPage } from '../../lib/paging';
import { presentAuditEntry, presentAuditPerson } from './presenter';

const tags = ['audit'];

export async function auditAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.audit;

  route.get('', {
    summary:
      'Pages through the audit log, newest first, by admin, client or action; by number, or by cursor with ?limit and ?cursor (admin)',
    schema: { response: { 200: auditPageSchema }, querystring: auditQuerySchema },
    config: { permission: 'audit.read', errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentPage(await svc.listAudit(req.query), presentAuditEntry),
  });

  route.get('/export.csv', {
    summary: 'Exports the audit log, with the list filters, as CSV: every matching row, newest first (admin)',
    schema: {
      response: {
        200: csvAnswer('One row per audit entry, with a header row; snapshots as JSON'),
      },
      querystring: auditExportQuerySchema,
    },
    config: { permission: 'audit.read', errorCodes: [] },
    handler: async (req, reply) => sendCsv(reply, 'audit-log.csv', await svc.exportAuditCsv(req.query)),
  });

  route.get('/filters', {
    summary: 'Answers the admins who acted and the actions recorded, for the filters (admin)',
    schema: { response: { 200: auditFiltersAnswerSchema } },
    config: { permission: 'audit.read', errorCodes: [] },
    handler: async () => {
      const { admins, actions } = await svc.listFilters();
      return { data: { admins: admins.map(presentAuditPerson), actions } };
    },
  });
}
