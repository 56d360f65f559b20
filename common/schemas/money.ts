/**
 * USD amounts as people type them and as the API speaks them, converted to integer cents (bigint)
 * by one parser that the server and the browser forms share, so a form never submits an amount the
 * API reads differently. Nothing passes through floating-point arithmetic, and nothing is guessed:
 * an amount that could be read two ways is refused with a message that says how to write it.
 */
import { z } from 'zod';
import { MONEY_MSG } from '../messages';

/** Largest accepted amount: one billion USD, in cents. */
export const MAX_AMOUNT_CENTS = 100_000_000_000n;

/** Why a typed amount was refused. */
export type UsdTextProblem = 'invalid' | 'grouping' | 'decimals' | 'tooLarge';

/** What a typed amount reads as: its cents, or why it was refused. */
export type UsdTextReading = { cents: bigint } | { problem: UsdTextProblem };

// digits, optionally grouped by thousands with commas or with spaces (one kind), then an optional
// point and decimals; any other shape is refused before the parts are read
const SHAPE = /^(\d[\d, \u00a0\u202f]*)(?:\.(\d*))?$/;
const GROUPED = /^\d{1,3}(?:(,|[ \u00a0\u202f])\d{3})?(?:\1\d{3})*$/;

/**
 * Reads a typed USD amount: `1000`, `1,000`, `1 000`, `1000.5`, `$1,000.50`, `1000.` (spaces
 * around and one `$` in front allowed). Refuses, with the reason:
 * - `grouping`: separators that are not thousands of three digits (`1,00`, `10,0000`, `1000,50`:
 *   a comma for cents), or commas and spaces mixed;
 * - `decimals`: more than 2 decimals (`1.000` might mean one thousand: never guessed);
 * - `tooLarge`: over `max` cents (default MAX_AMOUNT_CENTS);
 * - `invalid`: anything else (blank, letters, signs, exponents).
 */
export function readUsdText(text: string, max: bigint = MAX_AMOUNT_CENTS): UsdTextReading {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  const m = SHAPE.exec(trimmed);
  if (!m) return { problem: 'invalid' };
  const [, whole, decimals = ''] = m as unknown as [string, string, string | undefined];
  if (/[, \u00a0\u202f]/.test(whole) && !GROUPED.test(whole)) return { problem: 'grouping' };
  if (decimals.length > 2) return { problem: 'decimals' };
  const cents = BigInt(whole.replace(/\D/g, '')) * 100n + BigInt(decimals.padEnd(2, '0'));
  return cents <= max ? { cents } : { problem: 'tooLarge' };
}

/** Cents as the amount field shows them back: `1,000.50` (no `$`: the field shows it). */
export function formatUsdText(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The message for a refused amount (`max` cents is the limit a `tooLarge` one names). */
export function usdTextMessage(problem: UsdTextProblem, max: bigint = MAX_AMOUNT_CENTS): string {
  if (problem === 'grouping') return MONEY_MSG.amountGrouping;
  if (problem === 'decimals') return MONEY_MSG.amountDecimals;
  if (problem === 'tooLarge') return MONEY_MSG.amountTooLarge(formatUsdText(max));
  return MONEY_MSG.invalidAmount;
}

/**
 * A JSON number as `readUsdText` reads its shortest decimal form (0.1 + 0.2 is
 * "0.30000000000000004": refused for its decimals); NaN, ±Infinity, exponents and negatives are
 * `invalid`.
 */
function readUsdNumber(value: number): UsdTextReading {
  const text = String(value);
  return Number.isFinite(value) && /^\d+(\.\d+)?$/.test(text) ? readUsdText(text) : { problem: 'invalid' };
}

/** Reads a JSON number or a typed text (anything else is `invalid`). */
export function readUsdAmount(value: unknown, max: bigint = MAX_AMOUNT_CENTS): UsdTextReading {
  if (typeof value === 'number') {
    const read = readUsdNumber(value);
    return 'cents' in read && read.cents > max ? { problem: 'tooLarge' } : read;
  }
  return typeof value === 'string' ? readUsdText(value, max) : { problem: 'invalid' };
}

/**
 * Parses a USD amount (a JSON number, or text as `readUsdText` reads it, 0 … 1,000,000,000) into
 * cents. Answers null for anything else: NaN, ±Infinity, 1e308, negatives, 3+ decimals, exponents,
 * blanks, ambiguous separators.
 */
export function parseUsdCents(value: unknown): bigint | null {
  const read = readUsdAmount(value);
  return 'cents' in read ? read.cents : null;
}

/**
 * A positive USD amount field; its output is cents (bigint). A missing value answers `missing`
 * (the original forms differ: "Please enter a valid amount" vs "Please fill all fields"); a
 * refused one says why (`usdTextMessage`); 0 is "Please enter a valid amount".
 */
export function usdAmountField(missing: string = MONEY_MSG.invalidAmount) {
  return z
    .union([z.number(), z.string()], { error: missing })
    .refine((v) => v !== '', missing)
    .transform((v, ctx) => {
      const read = readUsdAmount(v);
      if (!('cents' in read) || read.cents <= 0n) {
        const message = 'cents' in read ? MONEY_MSG.invalidAmount : usdTextMessage(read.problem);
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return read.cents;
    });
}
