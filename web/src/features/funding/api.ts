/**
 * TanStack Query hooks of the client's funding screens: wallet addresses, the ledger figures, and
 * the money-moving POSTs, which carry the form's Idempotency-Key.
 */
import type { createDepositSchema, DepositWallets } from '@common/schemas/deposits';
import type { bankWithdrawalSchema, cryptoWithdrawalSchema } from '@common/schemas/withdrawals';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type MessageAnswer } from '../../lib/api-client';

/** GET /deposits/wallets: where to pay. */
export const walletsQuery = queryOptions({
  queryKey: ['deposits', 'wallets'],
  queryFn: async () => (await api.get<{ data: DepositWallets }>('/deposits/wallets')).data,
  staleTime: Infinity,
});

/** What the deposit form sends: amount in USD (as typed), the proof as a data URL. */
export type DepositPayload = z.input<typeof createDepositSchema>;

/** What the crypto withdrawal form sends (`token` is the e-mailed confirmation code). */
export type CryptoWithdrawalPayload = z.input<typeof cryptoWithdrawalSchema>;

/** What the bank withdrawal form sends. */
export type BankWithdrawalPayload = z.input<typeof bankWithdrawalSchema>;

/** A money-moving POST: the payload and the form's Idempotency-Key. */
interface Submission<P> {
  payload: P;
  idempotencyKey: string;
}

/** A POST that moves money; afterwards every figure and list on screen is refetched. */
function useMoneyPost<P>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: Submission<P>) =>
      api.post<MessageAnswer>(path, payload, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The mutation of a money-moving POST with payload `P`. */
export type MoneyPost<P> = ReturnType<typeof useMoneyPost<P>>;

/** POST /deposits. */
export const useCreateDeposit = () => useMoneyPost<DepositPayload>('/deposits');

/** POST /c-withdrawals. */
export const useCreateCryptoWithdrawal = () => useMoneyPost<CryptoWithdrawalPayload>('/c-withdrawals');

/** POST /b-withdrawals. */
export const useCreateBankWithdrawal = () => useMoneyPost<BankWithdrawalPayload>('/b-withdrawals');

/** POST /withdrawals/code: e-mails the client a 6-digit confirmation code (docs/product.md). */
export function useRequestWithdrawalCode() {
  return useMutation({ mutationFn: () => api.post<MessageAnswer>('/withdrawals/code') });
}
