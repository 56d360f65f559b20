/**
 * TanStack Query hooks of the audit log (GET /api/audit): pages of rows filtered by admin,
 * client and action, the filter values, and the CSV export. Read-only: there is nothing to change or
 * delete.
 */
import type { AuditExportQuery, AuditFilters, AuditPage, AuditQuery } from '@common/schemas/audit';
import { api } from '../../lib/api-client';
import { dataQuery, pagedQuery } from '../../lib/queries';
import { saveBlob } from '../../lib/save-blob';

/** GET /audit: one page of audit rows, newest first (page sizes 10, 20, 30, 40). */
export const auditQuery = (params: AuditQuery) => pagedQuery<AuditPage>(['audit', 'list'], '/audit', params);

/** GET /audit/filters: the admins who acted and the actions recorded. */
export const auditFiltersQuery = () => dataQuery<AuditFilters>(['audit', 'filters'], '/audit/filters');

/** GET /audit/export.csv with the list's filters and the session's token, saved as audit-log.csv. */
export async function downloadAuditCsv(params: AuditExportQuery): Promise<void> {
  saveBlob(await api.blob('/audit/export.csv', { params }), 'audit-log.csv');
}
