/** The months a client picks a monthly statement from: this one and the eleven before it (UTC). */
import { monthDays, type StatementRange } from '@common/schemas/statements';

/** A month to offer: its value (`YYYY-MM`), its name ("November 2026") and its days. */
export interface StatementMonth {
  value: string;
  label: string;
  range: StatementRange;
}

const NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The last `count` months up to the month of `now` (UTC), newest first. */
export function recentMonths(now: Date = new Date(), count = 12): StatementMonth[] {
  return Array.from({ length: count }, (_, i) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const value = first.toISOString().slice(0, 7);
    return { value, label: NAME.format(first), range: monthDays(value) };
  });
}
