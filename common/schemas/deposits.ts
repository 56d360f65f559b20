/**
 * Deposit payloads and answers.
 * Amounts are USD decimals in JSON; the server keeps cents.
 */
import { z } from 'zod';
import { MONEY_MSG } from '../messages';
import { usdAmountField } from './money';
import { requestListSchema } from './common';

export const DEPOSIT_WALLETS = ['bitcoin', 'ethereum'] as const;
export type DepositWallet = (typeof DEPOSIT_WALLETS)[number];

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Largest proof image ("File size should be less than 5MB"). */
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

/** A deposit as the API answers it: amount in USD, ISO dates, the proof image by URL. */
export const publicDepositSchema = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  amount: z.number(),
  wallet: z.enum(DEPOSIT_WALLETS),
  transactionHash: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Why staff rejected it (docs/product.md "Decision reasons"); null otherwise. */
  reason: z.string().nullable(),
  image: z.object({ url: z.string() }),
});
export type PublicDeposit = z.infer<typeof publicDepositSchema>;

/** GET /api/deposits/wallets — where to pay: an address per wallet of DEPOSIT_WALLETS. */
export const depositWalletsSchema = z.object({
  bitcoin: z.string(),
  ethereum: z.string(),
}) satisfies z.ZodType<Record<DepositWallet, string>>;
export type DepositWallets = z.infer<typeof depositWalletsSchema>;

/** Answer of GET /api/deposits/wallets. */
export const depositWalletsAnswerSchema = z.object({ data: depositWalletsSchema });

/** Answer of GET /api/deposits. */
export const depositListAnswerSchema = requestListSchema(publicDepositSchema);

/** Answer of POST /api/deposits (201) and PUT /api/deposits/:id/approve|reject. */
export const depositAnswerSchema = z.object({ message: z.string(), data: publicDepositSchema });
