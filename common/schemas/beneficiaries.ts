/**
 * The withdrawal address book's payloads and answers (docs/security.md "Withdrawal address book").
 * The add form and the server validate with the same schema, and its format checks are those of
 * common/destinations.ts (checksums included), so the form refuses what the server would.
 */
import { z } from 'zod';
import {
  DESTINATION_NETWORKS,
  ibanElectronic,
  isBic,
  isCryptoAddress,
  isIban,
  type DestinationNetwork,
} from '../destinations';

/** Every text of the address book a user reads (screens and the API's answers). */
export const BENEFICIARY_MSG = {
  fillAllFields: 'Please fill in all fields',
  invalidAddress: 'This is not a valid address for the chosen network: check it, checksum included',
  invalidIban: 'This IBAN is not valid: check its country, length and check digits',
  invalidBic: 'This SWIFT/BIC code is not valid',
  ibanOrAccount: 'Give either an IBAN, or an account number with its routing number',
  digitsOnly: (label: string) => `${label} must contain digits only`,
  labelLength: 'A label has 1 to 60 characters',
  added: 'Check your e-mail: the destination becomes usable after you confirm it and the waiting period ends',
  confirmed: 'Destination confirmed',
  renamed: 'Label saved',
  cancelled: 'Destination cancelled',
  deleted: 'Destination deleted',
  exists: 'This destination is already in your address book',
  linkInvalid:
    'This confirmation link is not valid: it was used, it expired, or the destination was cancelled',
  notCancellable: 'Only a destination that is not yet usable can be cancelled',
  notActive:
    'Withdrawals go only to a destination of your address book that is active: add it, confirm it and wait for its waiting period to end',
} as const;

/** The states of a destination (stored; `active` once the waiting period ended). */
export const BENEFICIARY_STATUSES = [
  'pending_confirmation',
  'waiting',
  'active',
  'cancelled',
  'deleted',
] as const;
export type BeneficiaryStatus = (typeof BENEFICIARY_STATUSES)[number];

const text = (max: number) =>
  z
    .string({ error: BENEFICIARY_MSG.fillAllFields })
    .trim()
    .min(1, BENEFICIARY_MSG.fillAllFields)
    .max(max, `At most ${max} characters`);
const digits = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => v === '' || new RegExp(`^\\d{${min},${max}}$`).test(v), BENEFICIARY_MSG.digitsOnly(label));
const label = z
  .string({ error: BENEFICIARY_MSG.labelLength })
  .trim()
  .min(1, BENEFICIARY_MSG.labelLength)
  .max(60, BENEFICIARY_MSG.labelLength);

/** A crypto destination: a network and an address valid on it (common/destinations.ts). */
export const cryptoBeneficiarySchema = z
  .object({
    kind: z.literal('crypto'),
    label,
    network: z.enum(DESTINATION_NETWORKS, { error: BENEFICIARY_MSG.fillAllFields }),
    address: text(128),
  })
  .refine((v) => isCryptoAddress(v.network, v.address), {
    message: BENEFICIARY_MSG.invalidAddress,
    path: ['address'],
  });

/**
 * A bank destination: an IBAN (ISO 13616), or an account number with its routing number, plus the
 * BIC (ISO 9362), the bank's name and the account holder's name. The server keeps the IBAN in
 * electronic format (no spaces, upper case) and the BIC upper case.
 */
export const bankBeneficiarySchema = z
  .object({
    kind: z.literal('bank'),
    label,
    iban: z.string().trim().max(42, 'At most 42 characters').optional().default(''),
    accountNumber: digits('Account number', 4, 34).optional().default(''),
    routing: digits('Routing number', 3, 20).optional().default(''),
    swift: text(11).refine(isBic, BENEFICIARY_MSG.invalidBic),
    bankName: text(100),
    accountName: text(100),
  })
  .superRefine((v, ctx) => {
    if (v.iban !== '') {
      if (!isIban(v.iban))
        ctx.addIssue({ code: 'custom', message: BENEFICIARY_MSG.invalidIban, path: ['iban'] });
      if (v.accountNumber !== '' || v.routing !== '')
        ctx.addIssue({ code: 'custom', message: BENEFICIARY_MSG.ibanOrAccount, path: ['iban'] });
    } else if (v.accountNumber === '' || v.routing === '') {
      ctx.addIssue({
        code: 'custom',
        message: BENEFICIARY_MSG.ibanOrAccount,
        path: [v.accountNumber === '' ? 'accountNumber' : 'routing'],
      });
    }
  });

/** POST /api/beneficiaries */
export const addBeneficiarySchema = z.discriminatedUnion('kind', [
  cryptoBeneficiarySchema,
  bankBeneficiarySchema,
]);
export type AddBeneficiaryInput = z.output<typeof addBeneficiarySchema>;
export type AddBeneficiaryForm = z.input<typeof addBeneficiarySchema>;

/** POST /api/beneficiaries/confirm: the token of the e-mailed link. */
export const confirmBeneficiarySchema = z.object({
  token: z
    .string({ error: BENEFICIARY_MSG.linkInvalid })
    .trim()
    .min(20, BENEFICIARY_MSG.linkInvalid)
    .max(100),
});

/** PATCH /api/beneficiaries/:id */
export const renameBeneficiarySchema = z.object({ label });

/** The key that names a destination, whatever its spelling (the address book holds each once). */
export function destinationKey(
  d:
    | { kind: 'crypto'; network: DestinationNetwork; address: string }
    | { kind: 'bank'; iban: string; accountNumber: string; routing: string },
): string {
  if (d.kind === 'crypto') {
    // Ethereum and bech32 addresses are case-insensitive; base58 ones are not
    const caseless = d.network !== 'usdt_tron' && (d.address.startsWith('0x') || /^bc1/i.test(d.address));
    return `crypto:${d.network}:${caseless ? d.address.toLowerCase() : d.address}`;
  }
  return d.iban !== '' ? `iban:${ibanElectronic(d.iban)}` : `account:${d.accountNumber}:${d.routing}`;
}

/** A destination as the API answers it. `activeFrom`: when it becomes (or became) usable. */
export const publicBeneficiarySchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['crypto', 'bank']),
  label: z.string(),
  network: z.enum(DESTINATION_NETWORKS).nullable(),
  address: z.string().nullable(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routing: z.string().nullable(),
  swift: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  status: z.enum(BENEFICIARY_STATUSES),
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  activeFrom: z.iso.datetime().nullable(),
});
export type PublicBeneficiary = z.infer<typeof publicBeneficiarySchema>;

/** GET /api/beneficiaries, GET /api/beneficiaries/admin/:id */
export const beneficiaryListAnswerSchema = z.object({ data: z.array(publicBeneficiarySchema) });
/** The answer of a change to one destination. */
export const beneficiaryAnswerSchema = z.object({ message: z.string(), data: publicBeneficiarySchema });
