/**
 * USD amounts as the API speaks them: a decimal number or numeric string with at most two decimals,
 * converted to integer cents (bigint) by one parser that both the server and the browser forms use.
 * Nothing passes through floating-point arithmetic.
 */
import { z } from 'zod';
import { MONEY_MSG } from '../messages';

/** Largest accepted amount: one billion USD, in cents. */
export const MAX_AMOUNT_CENTS = 100_000_000_000n;

const USD = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * Parses a USD amount (number or string, ≤ 2 decimals, 0 … 1,000,000,000) into cents.
 * Answers null for anything else: NaN, ±Infinity, 1e308, negatives, 3+ decimals, exponents, blanks.
 */
export function parseUsdCents(value: unknown): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value); // shortest round-trip form: 0.1 + 0.2 → "0.30000000000000004" → refused
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = USD.exec(text);
  if (!m) return null;
  const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/**
 * A positive USD amount field; its output is cents (bigint). A missing value answers `missing`
 * (the original forms differ: "Please enter a valid amount" vs "Please fill all fields").
 */
export function usdAmountField(missing: string = MONEY_MSG.invalidAmount) {
  return z
    .union([z.number(), z.string()], { error: missing })
    .refine((v) => v !== '', missing)
    .transform((v, ctx) => {
      const cents = parseUsdCents(v);
      if (cents === null || cents <= 0n) {
        ctx.addIssue({ code: 'custom', message: MONEY_MSG.invalidAmount });
        return z.NEVER;
      }
      return cents;
    });
}
