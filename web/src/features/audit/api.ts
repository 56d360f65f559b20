/**
 * TanStack Query hooks of the audit log (GET /api/audit): pages of rows filtered by admin,
 * client and action, and the filter values. Read-only: there is nothing to change or delete.
 */
import type { AuditFilters, AuditPage, AuditQuery } from '@common/schemas/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /audit: one page of audit rows, newest first (page sizes 10, 20, 30, 40). */
export const auditQuery = (params: AuditQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', params],
    queryFn: () => api.get<AuditPage>('/audit', { params: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET /audit/filters: the admins who acted and the actions recorded. */
export const auditFiltersQuery = () =>
  queryOptions({
    queryKey: ['audit', 'filters'],
    queryFn: async () => (await api.get<{ data: AuditFilters }>('/audit/filters')).data,
  });
