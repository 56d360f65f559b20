import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DATE_RANGE_MSG, isCalendarDay, type DateRange } from '@common/schemas/date-range';

/** The two day fields' values (`YYYY-MM-DD` or ''), setters and the range's error. */
export interface DateRangeFilterProps {
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  error?: string;
  /** What the days filter ("Joined", "Requested", "Recorded"): the fields read "Joined from" / "to". */
  label: string;
}

/**
 * The date range above an admin table: two native date fields ("<label> from", "<label> to"), each
 * clearable, inclusive UTC days as the API reads them (common/schemas/date-range.ts). A start after
 * the end shows the API's own message under the start and filters nothing until corrected.
 */
export function DateRangeFilter({ from, to, onFromChange, onToChange, error, label }: DateRangeFilterProps) {
  return (
    // side by side from `xs`; stacked on a phone, where two native date fields do not fit in a row
    <Group gap="sm" align="flex-start" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
      <TextInput
        type="date"
        label={`${label} from`}
        value={from}
        max={to || undefined}
        onChange={(event) => onFromChange(event.currentTarget.value)}
        error={error}
        w={{ base: '100%', xs: 170 }}
      />
      <TextInput
        type="date"
        label={`${label} to`}
        value={to}
        min={from || undefined}
        onChange={(event) => onToChange(event.currentTarget.value)}
        w={{ base: '100%', xs: 170 }}
      />
    </Group>
  );
}

/** `?from=` / `?to=` of the page's URL when it is a calendar day, else ''. */
const dayParam = (value: string | null) => (value && isCalendarDay(value) ? value : '');

/**
 * The state of a table's date range, kept in the page's URL (`?from=&to=`, read at first and
 * rewritten on each change, other params kept): `range` for the query params (empty while the start
 * is after the end, or a day is half typed) and the `filter`'s props but its label. `refilter` wraps
 * each change (usePagedSearch: a change goes back to page 1).
 */
export function useDateRange(refilter: (set: (value: string) => void) => (value: string) => void) {
  const [params, setParams] = useSearchParams();
  const [from, setFrom] = useState(() => dayParam(params.get('from')));
  const [to, setTo] = useState(() => dayParam(params.get('to')));
  const setter = (key: 'from' | 'to', set: (day: string) => void) =>
    refilter((day: string) => {
      set(day);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (isCalendarDay(day)) next.set(key, day);
          else next.delete(key);
          return next;
        },
        { replace: true },
      );
    });
  const reversed = Boolean(from && to && from > to);
  const range: DateRange = reversed
    ? {}
    : { from: isCalendarDay(from) ? from : undefined, to: isCalendarDay(to) ? to : undefined };
  return {
    range,
    /** True when a day is chosen (an empty table says "matches the filters"). */
    active: Boolean(range.from || range.to),
    filter: {
      from,
      to,
      onFromChange: setter('from', setFrom),
      onToChange: setter('to', setTo),
      error: reversed ? DATE_RANGE_MSG.fromAfterTo : undefined,
    },
  };
}
