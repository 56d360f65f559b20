/** The date range filter's schema: real calendar days only, from ≤ to, inclusive UTC days. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_RANGE_MSG, dateRangeInstants, isCalendarDay, withDateRange } from './date-range';

const query = withDateRange(z.object({ page: z.coerce.number().default(1) }));
const issue = (input: object) => query.safeParse(input).error?.issues[0]?.message;

describe('date range query', () => {
  it.each([
    ['2026-03-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['03/01/2026', false],
    ['2026-03-01T00:00:00Z', false],
    ['', false],
  ])('%s is a calendar day: %s', (day, ok) => expect(isCalendarDay(day)).toBe(ok));

  it('accepts either bound, both, or the same day twice', () => {
    expect(query.parse({})).toEqual({ page: 1 });
    expect(query.parse({ from: '2026-03-01' })).toEqual({ page: 1, from: '2026-03-01' });
    expect(query.parse({ from: '2026-03-01', to: '2026-03-01' }).to).toBe('2026-03-01');
  });

  it('refuses a bad day and a start after the end with messages that say so', () => {
    expect(issue({ from: '2026-02-30' })).toBe(DATE_RANGE_MSG.invalidDay('from'));
    expect(issue({ to: 'yesterday' })).toBe(DATE_RANGE_MSG.invalidDay('to'));
    expect(issue({ from: '2026-03-02', to: '2026-03-01' })).toBe(DATE_RANGE_MSG.fromAfterTo);
  });

  it('reads the days as [from 00:00 UTC, the day after to 00:00 UTC)', () => {
    expect(dateRangeInstants({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
    });
    expect(dateRangeInstants({})).toEqual({ start: undefined, end: undefined });
  });
});
