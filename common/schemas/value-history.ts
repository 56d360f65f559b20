/**
 * The client's account value over time (GET /api/transaction/value-history): per UTC day, the
 * closing balances of their available, held and invested accounts and the day's deposits,
 * withdrawals paid out and profit, in USD (docs/product.md "Account value chart").
 */
import { z } from 'zod';

/** The ranges the chart offers, ending today: a month, three months, a year, or all of it. */
export const VALUE_HISTORY_RANGES = ['1M', '3M', '1Y', 'all'] as const;
export type ValueHistoryRange = (typeof VALUE_HISTORY_RANGES)[number];

/** GET /api/transaction/value-history?range=1M|3M|1Y|all (1M when absent). */
export const valueHistoryQuerySchema = z.object({
  range: z.enum(VALUE_HISTORY_RANGES, { error: 'range must be 1M, 3M, 1Y or all' }).default('1M'),
});

const usd = z.number();

/** One day of the series: closing balances and that day's flows, USD. */
export const valueHistoryPointSchema = z.object({
  day: z.iso.date(),
  available: usd,
  held: usd,
  invested: usd,
  total: usd.describe('available + held + invested at the end of the day'),
  deposits: usd.describe("The day's deposits (less voided ones)"),
  withdrawals: usd.describe('Paid out that day'),
  profit: usd.describe("The day's plan and trading profit (negative: a loss)"),
});
export type ValueHistoryPoint = z.infer<typeof valueHistoryPointSchema>;

/**
 * Answer of GET /api/transaction/value-history: `from` is the range's first day (null for all);
 * `points` in day order are the day before `from` (its closing value, no flows) and every day of
 * the range on which the client's accounts moved. A day without a point kept the previous value.
 * `firstDay` is null until anything is posted to the client's accounts (the chart's empty state).
 */
export const valueHistoryAnswerSchema = z.object({
  range: z.enum(VALUE_HISTORY_RANGES),
  from: z.iso.date().nullable(),
  firstDay: z.iso
    .date()
    .nullable()
    .describe("The day of the client's first posting, whatever the range; null: nothing posted yet"),
  points: z.array(valueHistoryPointSchema),
});
export type ValueHistory = z.infer<typeof valueHistoryAnswerSchema>;
