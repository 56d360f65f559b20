/**
 * TanStack Query hooks of the withdrawal address book (docs/security.md "Withdrawal address
 * book"): the client's destinations, adding one (its link is e-mailed), confirming by the link's
 * token, renaming, cancelling during the waiting period, deleting; the staff's read of a client's.
 * Every change refetches the lists.
 */
import type { AddBeneficiaryInput, PublicBeneficiary } from '@common/schemas/beneficiaries';
import { api, type MessageAnswer } from '../../lib/api-client';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';

/** The root of every address-book cache key: each change refetches them all. */
const BOOK = ['beneficiaries'] as const;

/** What a change to one destination answers. */
interface BeneficiaryAnswer {
  message: string;
  data: PublicBeneficiary;
}

/** GET /beneficiaries: the client's destinations (under BOOK; the withdrawal forms read it too). */
export { myBeneficiariesQuery } from '../../lib/user-queries';

/** GET /beneficiaries/admin/:id (staff with `beneficiaries.read`): every destination of a client. */
export const clientBeneficiariesQuery = (clientId: string) =>
  dataQuery<PublicBeneficiary[]>([...BOOK, 'client', clientId], `/beneficiaries/admin/${clientId}`);

/** POST /beneficiaries */
export const useAddBeneficiary = () =>
  useRefetchingMutation(
    (input: AddBeneficiaryInput) => api.post<BeneficiaryAnswer>('/beneficiaries', input),
    BOOK,
  );

/** POST /beneficiaries/confirm: the e-mailed link's token. */
export const useConfirmBeneficiary = () =>
  useRefetchingMutation(
    (token: string) => api.post<BeneficiaryAnswer>('/beneficiaries/confirm', { token }),
    BOOK,
  );

/** PATCH /beneficiaries/:id */
export const useRenameBeneficiary = () =>
  useRefetchingMutation(
    ({ id, label }: { id: string; label: string }) =>
      api.patch<BeneficiaryAnswer>(`/beneficiaries/${id}`, { label }),
    BOOK,
  );

/** POST /beneficiaries/:id/cancel */
export const useCancelBeneficiary = () =>
  useRefetchingMutation((id: string) => api.post<BeneficiaryAnswer>(`/beneficiaries/${id}/cancel`), BOOK);

/** DELETE /beneficiaries/:id */
export const useDeleteBeneficiary = () =>
  useRefetchingMutation((id: string) => api.delete<MessageAnswer>(`/beneficiaries/${id}`), BOOK);
