/**
 * TanStack Query hooks of the client's withdrawal screens: the confirmation code and the
 * withdrawal POSTs, which carry the form's Idempotency-Key (hooks/use-money-post.ts).
 */
import type {
  bankWithdrawalSchema,
  cryptoWithdrawalSchema,
  withdrawalCodeRequestSchema,
} from '@common/schemas/withdrawals';
import type { ClientLimits } from '@common/schemas/limits';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useMoneyPost } from '../../hooks/use-money-post';
import { api, type MessageAnswer } from '../../lib/api-client';

/**
 * GET /limits: the client's verification level, what is left of each cap and the sentence the
 * withdrawal pages show (docs/security.md "Limits by verification level"). A withdrawal's POST
 * refreshes it (use-money-post.ts invalidates every query).
 */
export const clientLimitsQuery = queryOptions({
  queryKey: ['limits'],
  queryFn: async () => (await api.get<{ data: ClientLimits }>('/limits')).data,
});

/** What the crypto withdrawal form sends (`token` is the e-mailed confirmation code). */
export type CryptoWithdrawalPayload = z.input<typeof cryptoWithdrawalSchema>;

/** What the bank withdrawal form sends. */
export type BankWithdrawalPayload = z.input<typeof bankWithdrawalSchema>;

/** POST /c-withdrawals. */
export const useCreateCryptoWithdrawal = () => useMoneyPost<CryptoWithdrawalPayload>('/c-withdrawals');

/** POST /b-withdrawals. */
export const useCreateBankWithdrawal = () => useMoneyPost<BankWithdrawalPayload>('/b-withdrawals');

/** What a code is asked for: the withdrawal's method and fields, without the code. */
export type WithdrawalCodeRequest = z.input<typeof withdrawalCodeRequestSchema>;

/**
 * POST /withdrawals/code: e-mails the client a 6-digit code that confirms the withdrawal it is
 * asked for, and only it (docs/product.md "Confirmation code").
 */
export function useRequestWithdrawalCode() {
  return useMutation({
    mutationFn: (request: WithdrawalCodeRequest) => api.post<MessageAnswer>('/withdrawals/code', request),
  });
}
