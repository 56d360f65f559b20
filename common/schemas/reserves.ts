/**
 * Reserves the operator declares (docs/transparency.md "Proof of liabilities", what it cannot
 * show): wallet addresses or accounts and the amounts the operator says it holds, set in the server's
 * `TRANSPARENCY_RESERVES` setting and published by GET /api/transparency/reserves. We cannot verify
 * them (who controls a wallet, whether its funds are owed elsewhere), so every screen marks them as
 * declared by the operator. Amounts are in the asset's own units, as declared (not USD, not cents).
 */
import { z } from 'zod';

/** Texts of the reserves route and screen. */
export const RESERVES_MSG = {
  notice: 'Declared by the operator, not verified by us',
  invalidSetting:
    'TRANSPARENCY_RESERVES must be a JSON list of { "asset", "address", "amount" } (amount a decimal number written as a string)',
} as const;

/** One declared reserve: what is held, where, how much (in the asset's units), and as of when. */
export const declaredReserveSchema = z.object({
  asset: z.string().trim().min(1).max(40).describe('What is held, e.g. BTC, USDT (TRC-20), USD at a bank'),
  address: z.string().trim().min(1).max(200).describe('The wallet address or account reference'),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,24}(\.\d{1,18})?$/)
    .describe("The amount declared, in the asset's units (decimal text)"),
  asOf: z.iso.date().optional().describe('The day the amount was declared for (YYYY-MM-DD)'),
});
export type DeclaredReserve = z.infer<typeof declaredReserveSchema>;

/** The setting's list (at most 50 entries). */
export const declaredReservesSchema = z.array(declaredReserveSchema).max(50);

/** Answer of GET /api/transparency/reserves: the declared list (empty when none) and its notice. */
export const reservesAnswerSchema = z.object({
  data: declaredReservesSchema,
  notice: z.literal(RESERVES_MSG.notice),
});
