/**
 * TanStack Query hooks of /account/referrals (GET /user/referrals/{id}): the client's referral link
 * and code, who referred them, and the clients they referred (e-mails masked by the server:
 * docs/product.md).
 */
import type { ReferralsAnswer } from '@common/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /user/referrals/:id (the server answers only for the caller's own id, or an admin). */
export const referralsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['referrals', userId],
    queryFn: async () => (await api.get<{ data: ReferralsAnswer }>(`/user/referrals/${userId}`)).data,
  });

export function useReferrals(userId: string) {
  return useQuery(referralsQuery(userId));
}
