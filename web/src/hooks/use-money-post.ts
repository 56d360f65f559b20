/**
 * The money-moving POSTs of the deposit and withdrawal screens (features/deposits and
 * features/withdrawals), which carry the form's Idempotency-Key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type MessageAnswer } from '../lib/api-client';

/** A money-moving POST: the payload and the form's Idempotency-Key. */
interface Submission<P> {
  payload: P;
  idempotencyKey: string;
}

/** A POST that moves money; afterwards every figure and list on screen is refetched. */
export function useMoneyPost<P>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: Submission<P>) =>
      api.post<MessageAnswer>(path, payload, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The mutation of a money-moving POST with payload `P`. */
export type MoneyPost<P> = ReturnType<typeof useMoneyPost<P>>;
