/**
 * The account value chart's daily series from the API's points (GET /transaction/value-history):
 * the points are the day before the range and the days on which the client's accounts moved, so
 * every day between them keeps the previous day's balances, with no flows. Amounts in USD.
 */
import type { ValueHistoryPoint } from '@common/schemas/value-history';

const DAY_MS = 86_400_000;

/** The balances the chart stacks (their top is the account's value), with Mantine colours. */
export const VALUE_SERIES = [
  { name: 'available', label: 'Available', color: 'blue.6' },
  { name: 'held', label: 'Held', color: 'orange.6' },
  { name: 'invested', label: 'Invested', color: 'teal.6' },
] as const;

/** The flows the chart marks, in drawing order (a later, smaller dot sits on an earlier one). */
export const FLOW_MARKS = [
  { key: 'deposits', label: 'Deposit', color: 'var(--mantine-color-green-7)', r: 6 },
  { key: 'withdrawals', label: 'Withdrawal', color: 'var(--mantine-color-red-7)', r: 6 },
  { key: 'profit', label: 'Profit', color: 'var(--mantine-color-violet-7)', r: 3.5 },
] as const;

/** `YYYY-MM-DD` of a UTC time. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every UTC day from the first point to `today` (or the last point, if later: an entry may be
 * dated a day ahead), each with the latest point's balances on or before it and its own flows.
 * Empty when there are no points.
 */
export function dailySeries(points: ValueHistoryPoint[], today = dayOf(Date.now())): ValueHistoryPoint[] {
  if (points.length === 0) return [];
  const last = points.at(-1)!.day > today ? points.at(-1)!.day : today;
  const series: ValueHistoryPoint[] = [];
  let next = 0;
  let carried = points[0]!;
  for (let ms = Date.parse(`${points[0]!.day}T00:00:00Z`); ; ms += DAY_MS) {
    const day = dayOf(ms);
    if (points[next]?.day === day) {
      carried = points[next]!;
      next += 1;
      series.push(carried);
    } else {
      series.push({ ...carried, day, deposits: 0, withdrawals: 0, profit: 0 });
    }
    if (day >= last) return series;
  }
}

/** Whether the client's accounts never held anything over the series (nothing to draw yet). */
export function isEmptySeries(points: ValueHistoryPoint[]): boolean {
  return points.every((p) => p.total === 0 && p.deposits === 0 && p.withdrawals === 0 && p.profit === 0);
}

/** The balances that are not 0 on every day of the series: the ones the chart stacks and names. */
export function seriesShown(points: ValueHistoryPoint[]) {
  return VALUE_SERIES.filter((s) => points.some((p) => p[s.name] !== 0));
}
