/**
 * TanStack Query hooks of the client's funding screens (seed §7 "Deposits", "Bank/Crypto
 * withdrawals"; DESIGN.md §5–§6): wallet addresses, the ledger figures, and the money-moving POSTs,
 * which carry the form's Idempotency-Key.
 */
import type { DepositWallet, DepositWallets } from '@common/schemas/deposits';
import type { CryptoWallet } from '@common/schemas/withdrawals';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Answer of the POSTs here: what happened, in words. */
interface MessageAnswer {
  message: string;
}

/** GET /deposits/wallets: where to pay. */
export const walletsQuery = queryOptions({
  queryKey: ['deposits', 'wallets'],
  queryFn: async () => (await api.get<{ data: DepositWallets }>('/deposits/wallets')).data,
  staleTime: Infinity,
});

/** What the deposit form sends: amount in USD (as typed), the proof as a data URL. */
export interface DepositPayload {
  amount: number | string;
  image: string;
  wallet: DepositWallet;
  transactionHash: string;
}

/** What the crypto withdrawal form sends (`token` is the e-mailed confirmation code). */
export interface CryptoWithdrawalPayload {
  amount: number | string;
  address: string;
  token: string;
  wallet: CryptoWallet;
}

/** What the bank withdrawal form sends. */
export interface BankWithdrawalPayload {
  amount: number | string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  routing: string;
  swift: string;
  token: string;
}

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

/** POST /withdrawals/code: e-mails the client a 6-digit confirmation code (DESIGN.md §5). */
export function useRequestWithdrawalCode() {
  return useMutation({ mutationFn: () => api.post<MessageAnswer>('/withdrawals/code') });
}
