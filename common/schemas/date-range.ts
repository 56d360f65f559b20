/**
 * `?from&to`: the date range filter of the admin lists (users, review queue, audit log). Both are
 * optional calendar days `YYYY-MM-DD`, inclusive, in UTC: `from=2026-01-01&to=2026-01-31` keeps the
 * rows created from 2026-01-01T00:00Z up to (not including) 2026-02-01T00:00Z. A day that does not
 * exist (`2026-02-30`) or a `from` after `to` is a 400 with a message that says so.
 */
import { z } from 'zod';

/** Messages of the date range filter (shown under the field by the web form as well). */
export const DATE_RANGE_MSG = {
  invalidDay: (field: string) => `${field} must be a date written YYYY-MM-DD`,
  fromAfterTo: 'The start date must be on or before the end date',
} as const;

/** True when `day` is `YYYY-MM-DD` and names a real calendar day. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

const dayField = (field: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDay, DATE_RANGE_MSG.invalidDay(field))
    .optional()
    .describe(`${field} day, YYYY-MM-DD (UTC, inclusive)`);

/** The `from` and `to` fields, to spread into a list's query object. */
export const dateRangeFields = { from: dayField('from'), to: dayField('to') };

/** A list query with `from` and `to` (both optional; `from` ≤ `to` when both are given). */
export function withDateRange<Shape extends z.ZodRawShape>(query: z.ZodObject<Shape>) {
  return query.extend(dateRangeFields).refine(
    (q) => {
      const { from, to } = q as DateRange;
      return !from || !to || from <= to;
    },
    { message: DATE_RANGE_MSG.fromAfterTo, path: ['from'] },
  );
}

/** A date range as the server's filters read it. */
export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * The range as instants: rows with `start ≤ created_at < end` (`end` is the day after `to`, 00:00
 * UTC); either is undefined when its day is not given.
 */
export function dateRangeInstants(range: DateRange): { start?: Date; end?: Date } {
  const start = range.from ? new Date(`${range.from}T00:00:00Z`) : undefined;
  const end = range.to ? new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000) : undefined;
  return { start, end };
}
