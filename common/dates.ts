/**
 * Dates written for people, the same on screen and in a signed statement: "30 Nov 2026" for a day
 * and "30 Nov 2026, 14:05 UTC" for an instant. Always UTC (statement periods are UTC days:
 * docs/transparency.md "Signed statements"), and built by hand so the server draws the same bytes
 * whatever its locale.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC day, given as `YYYY-MM-DD` or as an instant (ISO 8601 or a Date), as "30 Nov 2026". */
export function formatDay(day: string | Date): string {
  const d =
    typeof day === 'string' && /^\d{4}-\d\d-\d\d$/.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(day);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** An instant (ISO 8601 or a Date) as "30 Nov 2026, 14:05 UTC". */
export function formatUtcDateTime(at: string | Date): string {
  const d = new Date(at);
  return `${formatDay(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** A period of UTC days (`YYYY-MM-DD`, inclusive) as "1 Nov 2026 to 30 Nov 2026". */
export function formatPeriod(from: string, to: string): string {
  return `${formatDay(from)} to ${formatDay(to)}`;
}

/**
 * True while the period that ends with the UTC day `to` (`YYYY-MM-DD`, inclusive) is not over at
 * `at`: its figures are then "as of" that instant, never a closing balance.
 */
export function isOpenPeriod(to: string, at: Date): boolean {
  return at.getTime() < new Date(`${to}T00:00:00Z`).getTime() + 86_400_000;
}
