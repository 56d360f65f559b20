/**
 * Withdrawal payloads and answers (docs/product.md: `token` is the 6-digit confirmation code e-mailed
 * on request, and the USDT form gets the same checks as the others). A request confirmed with a
 * passkey instead (docs/security.md "Passkeys") says `confirmation: 'passkey'` and sends no `token`.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { isIban } from '../destinations';
import { MONEY_MSG } from '../messages';
import { REQUEST_STATUSES } from './deposits';
import { usdAmountField } from './money';
import { requestListSchema, textFields } from './common';
import { BENEFICIARY_MSG } from './beneficiaries';

export const CRYPTO_WALLETS = ['usdt', 'bitcoin', 'ethereum'] as const;
export type CryptoWallet = (typeof CRYPTO_WALLETS)[number];

const required = (max: number) =>
  z
    .string({ error: MONEY_MSG.fillAllFields })
    .trim()
    .min(1, MONEY_MSG.fillAllFields)
    .max(max, `At most ${max} characters`);

/** The e-mailed confirmation code. */
const tokenField = z
  .union([z.string(), z.number()], { error: MONEY_MSG.fillAllFields })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', MONEY_MSG.fillAllFields)
  .refine((v) => new RegExp(`^\\d{${LIMITS.otpLength}}$`).test(v), MONEY_MSG.invalidCode);

/** A crypto withdrawal's own fields. */
const cryptoFields = z.object({
  amount: usdAmountField(MONEY_MSG.fillAllFields),
  address: required(128).regex(/^[A-Za-z0-9]{20,128}$/, MONEY_MSG.invalidAddress),
  wallet: z.enum(CRYPTO_WALLETS, { error: MONEY_MSG.fillAllFields }),
});

/** A field the other way of naming the account leaves empty: '' when absent, else `valid` or `message`. */
const either = (max: number, valid: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => v === '' || valid(v), message)
    .optional()
    .default('');
const digitsOf = (min: number, max: number) => (v: string) => new RegExp(`^\\d{${min},${max}}$`).test(v);

/**
 * A bank withdrawal's own fields: the account is an IBAN (ISO 13616, checksum included; common/
 * destinations.ts), or an account number with its routing number; never both (`ibanOrAccount`).
 */
const bankFields = z.object({
  amount: usdAmountField(MONEY_MSG.fillAllFields),
  bankName: required(100),
  accountName: required(100),
  iban: either(42, isIban, BENEFICIARY_MSG.invalidIban),
  accountNumber: either(34, digitsOf(4, 34), MONEY_MSG.digitsOnly('Account number')),
  routing: either(20, digitsOf(3, 20), MONEY_MSG.digitsOnly('Routing number')),
  swift: required(11).regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, MONEY_MSG.invalidSwift),
});

/** Refuses bank fields that give both an IBAN and an account number, or neither in full. */
function ibanOrAccount(v: { iban: string; accountNumber: string; routing: string }, ctx: z.RefinementCtx) {
  const account = v.accountNumber !== '' || v.routing !== '';
  if (v.iban !== '' ? account : v.accountNumber === '' || v.routing === '') {
    const path = v.iban !== '' ? 'iban' : v.accountNumber === '' ? 'accountNumber' : 'routing';
    ctx.addIssue({ code: 'custom', path: [path], message: BENEFICIARY_MSG.ibanOrAccount });
  }
}

/**
 * How a request is confirmed: the code (`token`: e-mailed, or the authenticator's for a client with
 * two-factor authentication), or `confirmation: 'passkey'` (a passkey confirmation of the session
 * just made, used up by the request) without one.
 */
const confirmation = { token: tokenField.optional(), confirmation: z.literal('passkey').optional() };

/** Refuses a request that is confirmed neither way: the code is then missing. */
function codeOrPasskey(v: { token?: string; confirmation?: 'passkey' }, ctx: z.RefinementCtx) {
  if (v.confirmation !== 'passkey' && v.token === undefined) {
    ctx.addIssue({ code: 'custom', path: ['token'], message: MONEY_MSG.fillAllFields });
  }
}

/** POST /api/c-withdrawals */
export const cryptoWithdrawalSchema = cryptoFields.extend(confirmation).superRefine(codeOrPasskey);
export type CryptoWithdrawalInput = z.output<typeof cryptoWithdrawalSchema>;

/** POST /api/b-withdrawals */
export const bankWithdrawalSchema = bankFields
  .extend(confirmation)
  .superRefine(codeOrPasskey)
  .superRefine(ibanOrAccount);
export type BankWithdrawalInput = z.output<typeof bankWithdrawalSchema>;

/**
 * POST /api/withdrawals/code: the withdrawal the e-mailed code is for. The mail names its amount
 * and (masked) destination, and the code confirms only a request with these same fields
 * (docs/product.md "Confirmation code").
 */
export const withdrawalCodeRequestSchema = z
  .discriminatedUnion('method', [
    cryptoFields.extend({ method: z.literal('crypto') }),
    bankFields.extend({ method: z.literal('bank') }),
  ])
  .superRefine((v, ctx) => {
    if (v.method === 'bank') ibanOrAccount(v, ctx);
  });
export type WithdrawalCodeRequest = z.output<typeof withdrawalCodeRequestSchema>;

const withdrawalBaseSchema = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  amount: z.number(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Why staff declined it (docs/product.md "Decision reasons"); null otherwise. */
  reason: z.string().nullable(),
  payoutReference: z
    .string()
    .nullable()
    .describe('The payout’s transaction hash or bank reference staff entered on approval; null: none given'),
});

/**
 * Body of PUT /api/{c,b}-withdrawals/:id/approve (optional; no body is no reference): the payout's
 * transaction hash or bank reference, which the client reads in the list and the e-mail.
 */
export const withdrawalApprovalSchema = z
  .object({
    payoutReference: z
      .string()
      .trim()
      .max(200, 'Payout reference must be at most 200 characters')
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .nullish()
  .transform((v) => ({ payoutReference: v?.payoutReference }));
export type WithdrawalApprovalInput = z.input<typeof withdrawalApprovalSchema>;

/** A crypto withdrawal as the API answers it (GET /api/c-withdrawals). */
export const publicCryptoWithdrawalSchema = withdrawalBaseSchema.extend({
  wallet: z.enum(CRYPTO_WALLETS),
  address: z.string(),
});
export type PublicCryptoWithdrawal = z.infer<typeof publicCryptoWithdrawalSchema>;

/**
 * A bank withdrawal as the API answers it (GET /api/b-withdrawals): `iban`, or `accountNumber` with
 * `routing` (the others null).
 */
export const publicBankWithdrawalSchema = withdrawalBaseSchema.extend({
  ...textFields('bankName', 'accountName', 'swift'),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routing: z.string().nullable(),
});
export type PublicBankWithdrawal = z.infer<typeof publicBankWithdrawalSchema>;

/** Answers of GET /api/c-withdrawals, and of its POST (201) and PUT …/:id/approve|reject. */
export const cryptoWithdrawalListAnswerSchema = requestListSchema(publicCryptoWithdrawalSchema);
export const cryptoWithdrawalAnswerSchema = z.object({
  message: z.string(),
  data: publicCryptoWithdrawalSchema,
});

/** Answers of GET /api/b-withdrawals, and of its POST (201) and PUT …/:id/approve|reject. */
export const bankWithdrawalListAnswerSchema = requestListSchema(publicBankWithdrawalSchema);
export const bankWithdrawalAnswerSchema = z.object({ message: z.string(), data: publicBankWithdrawalSchema });
