/**
 * TanStack Query hooks of the client's deposit screens: the firm's wallet addresses and the deposit
 * POST, which carries the form's Idempotency-Key (hooks/use-money-post.ts).
 */
import type { createDepositSchema, DepositWallets } from '@common/schemas/deposits';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { useMoneyPost } from '../../hooks/use-money-post';
import { api } from '../../lib/api-client';

/** GET /deposits/wallets: where to pay. */
export const walletsQuery = queryOptions({
  queryKey: ['deposits', 'wallets'],
  queryFn: async () => (await api.get<{ data: DepositWallets }>('/deposits/wallets')).data,
  staleTime: Infinity,
});

/** What the deposit form sends: amount in USD (as typed), the proof as a data URL. */
export type DepositPayload = z.input<typeof createDepositSchema>;

/** POST /deposits. */
export const useCreateDeposit = () => useMoneyPost<DepositPayload>('/deposits');
