/**
 * Deposit payloads and answers (seed §2.7 deposit form, §3 "Deposit", §5 "Deposit", §7 "Deposits").
 * Amounts are USD decimals in JSON; the server keeps cents.
 */
import { z } from 'zod';
import { MONEY_MSG } from '../messages';
import { usdAmountField } from './money';

export const DEPOSIT_WALLETS = ['bitcoin', 'ethereum'] as const;
export type DepositWallet = (typeof DEPOSIT_WALLETS)[number];

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Largest proof image (seed §5, §9: "File size should be less than 5MB"). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/deposits. `image` is a data URL of a PNG, JPEG or WebP image. */
export const createDepositSchema = z.object({
  amount: usdAmountField(),
  image: z.string({ error: MONEY_MSG.proofRequired }).min(1, MONEY_MSG.proofRequired),
  wallet: z.enum(DEPOSIT_WALLETS).default('bitcoin'),
  transactionHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, MONEY_MSG.invalidTransactionHash)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type CreateDepositInput = z.output<typeof createDepositSchema>;

/** A deposit as the API answers it. */
export interface PublicDeposit {
  _id: string;
  userId: string;
  amount: number;
  wallet: DepositWallet;
  transactionHash: string | null;
  status: RequestStatus;
  createdAt: string;
  reviewedAt: string | null;
  image: { url: string };
}

/** GET /api/deposits/wallets — where to pay. */
export type DepositWallets = Record<DepositWallet, string>;
