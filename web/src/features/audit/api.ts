/**
 * TanStack Query hooks of the audit log (GET /api/audit): pages of rows filtered by admin,
 * client and action, and the filter values. Read-only: there is nothing to change or delete.
 */
import type { AuditFilters, AuditPage, AuditQuery } from '@common/schemas/audit';
import { dataQuery, pagedQuery } from '../../lib/queries';

/** GET /audit: one page of audit rows, newest first (page sizes 10, 20, 30, 40). */
export const auditQuery = (params: AuditQuery) => pagedQuery<AuditPage>(['audit', 'list'], '/audit', params);

/** GET /audit/filters: the admins who acted and the actions recorded. */
export const auditFiltersQuery = () => dataQuery<AuditFilters>(['audit', 'filters'], '/audit/filters');
