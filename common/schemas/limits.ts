/**
 * Limits by verification level (docs/security.md "Limits by verification level" and "Identity gates
 * withdrawals"): the levels a client reaches, their texts, what the client reads of their limits
 * (GET /api/limits) and the owner's table (GET/PUT /api/limits/levels). Amounts on the wire are USD;
 * the server keeps cents.
 */
import { z } from 'zod';
import { readUsdAmount, usdTextMessage } from './money';

/** The levels, lowest first: e-mail confirmed, identity approved, identity and address approved. */
export const VERIFICATION_LEVELS = ['email', 'identity', 'address'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** How each level is named on the screens. */
export const LEVEL_TITLES: Record<VerificationLevel, string> = {
  email: 'E-mail confirmed',
  identity: 'Identity approved',
  address: 'Identity and address approved',
};

/** What raises a level to the next one ("verify your address"); null at the top. */
export const LEVEL_RAISE: Record<VerificationLevel, string | null> = {
  email: 'verify your identity',
  identity: 'verify your address',
  address: null,
};

/** The two kinds of money a level caps, and the two windows (rolling 24 hours, rolling 30 days). */
export type LimitKind = 'deposit' | 'withdrawal';
export type LimitWindow = 'day' | 'month';
const WINDOW_WORDS: Record<LimitWindow, string> = { day: 'daily', month: '30-day' };

/** The four caps of a level, in the table's order, with their labels (the table, the dialog, the approvals queue). */
export const CAP_LABELS = {
  depositDay: 'Deposits per 24 h',
  depositMonth: 'Deposits per 30 days',
  withdrawalDay: 'Withdrawals per 24 h',
  withdrawalMonth: 'Withdrawals per 30 days',
} as const;
export type CapField = keyof typeof CAP_LABELS;

/** How to raise a limit, as a sentence's end. */
const raiseText = (raise: string | null) => (raise ? `${raise} to raise it` : 'contact support to raise it');

/** Every text of the limits a user reads. `amount`s are formatted USD ("$1,000.00"). */
export const LIMITS_MSG = {
  identityRequired:
    'Withdrawals need an approved identity: upload your identity documents in your profile and wait for their approval',
  /** The 422 of a request over a cap: names the cap and how to raise it. */
  overLimit: (kind: LimitKind, window: LimitWindow, cap: string, raise: string | null) =>
    `Your ${WINDOW_WORDS[window]} ${kind} limit of ${cap} is reached; ${raiseText(raise)}`,
  /** What the withdrawal pages show. */
  leftToday: (amount: string, raise: string | null) =>
    `You can withdraw ${amount} more today; ${raiseText(raise)}`,
  levelSaved: 'Limits saved',
  levelHeld:
    'Sent for approval: a raise this large waits until a second owner approves it; the caps stay as they are until then',
  capOrder: 'A 30-day limit cannot be lower than the daily one',
  noWithdrawalAtEmail: 'E-mail-confirmed clients cannot withdraw: their withdrawal limits stay 0',
  addressApproved: 'Proof of address approved',
  addressAlready: "This client's proof of address is already approved",
  addressRevoked: 'Proof of address approval withdrawn',
  addressNotApproved: "This client's proof of address is not approved",
  addressNeedsIdentity: 'Approve the identity documents first',
} as const;

/** One window of a cap as the client reads it: the cap, what is used of it and what is left (USD). */
const windowSchema = z.object({ cap: z.number(), used: z.number(), left: z.number() });
const capsSchema = z.object({ day: windowSchema, month: windowSchema });

/** GET /api/limits: the caller's level, the next one and what raises it, and each cap's use. */
export const clientLimitsAnswerSchema = z.object({
  data: z.object({
    level: z.enum(VERIFICATION_LEVELS),
    title: z.string(),
    identityVerified: z.boolean(),
    next: z.object({ level: z.enum(VERIFICATION_LEVELS), title: z.string(), raise: z.string() }).nullable(),
    deposit: capsSchema,
    withdrawal: capsSchema,
    /** "You can withdraw $X more today; verify your address to raise it" (or the identity text). */
    message: z.string(),
  }),
});
export type ClientLimits = z.infer<typeof clientLimitsAnswerSchema>['data'];

/** A cap typed in USD (0 allowed); its output is cents. */
const capField = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const read = readUsdAmount(v);
  if (!('cents' in read)) {
    ctx.addIssue({ code: 'custom', message: usdTextMessage(read.problem) });
    return z.NEVER;
  }
  return read.cents;
});

/** PUT /api/limits/levels/:level: a level's four caps in USD, and why they change (audited). */
export const levelCapsSchema = z
  .object({
    depositDay: capField,
    depositMonth: capField,
    withdrawalDay: capField,
    withdrawalMonth: capField,
    reason: z.string().trim().min(3, 'Give a reason (3 to 500 characters)').max(500),
  })
  .refine((c) => c.depositMonth >= c.depositDay && c.withdrawalMonth >= c.withdrawalDay, {
    message: LIMITS_MSG.capOrder,
    path: ['withdrawalMonth'],
  });
export type LevelCapsInput = z.infer<typeof levelCapsSchema>;

export const levelParams = z.object({ level: z.enum(VERIFICATION_LEVELS) });

/** A level's row as the back office reads it (USD). */
export const levelRowSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  title: z.string(),
  depositDay: z.number(),
  depositMonth: z.number(),
  withdrawalDay: z.number(),
  withdrawalMonth: z.number(),
  updatedAt: z.string(),
});
export const levelsAnswerSchema = z.object({ data: z.array(levelRowSchema) });
export const levelAnswerSchema = z.object({ message: z.string(), data: levelRowSchema });
