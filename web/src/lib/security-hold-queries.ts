/**
 * The hold on a client's withdrawals after a security change (docs/security.md "Holds after security
 * changes"), read by the withdrawal forms and the security settings (the signed-in user's own) and by
 * the staff's client page. They live below the features so that none imports another's api.ts.
 */
import type { SecurityHold } from '@common/schemas/security-holds';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /security-holds/current: the signed-in user's active hold, or null. */
export const currentSecurityHoldQuery = queryOptions({
  queryKey: ['security-holds', 'current'],
  queryFn: async () => (await api.get<{ data: SecurityHold | null }>('/security-holds/current')).data,
});

/** GET /security-holds/admin/:id: client `id`'s active hold, or null (staff). */
export const clientSecurityHoldQuery = (id: string) =>
  queryOptions({
    queryKey: ['security-holds', 'admin', id],
    queryFn: async () => (await api.get<{ data: SecurityHold | null }>(`/security-holds/admin/${id}`)).data,
  });
