import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
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

/** One day field of the range: a native date field, clearable, full width on a phone. */
function DayInput({ onDayChange, ...props }: TextInputProps & { onDayChange: (day: string) => void }) {
  return (
    <TextInput
      type="date"
      onChange={(event) => onDayChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 170 }}
      {...props}
    />
  );
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
      <DayInput
        label={`${label} from`}
        value={from}
        max={to || undefined}
        onDayChange={onFromChange}
        error={error}
      />
      <DayInput label={`${label} to`} value={to} min={from || undefined} onDayChange={onToChange} />
    </Group>
  );
}

/** `?from=` / `?to=` of the page's URL when it is a calendar day, else ''. */
const dayParam = (value: string | null) => (value && isCalendarDay(value) ? value : '');

/**
 * The state of a table's date range, kept in the page's URL (`?from=&to=`, read at first, other
 * params kept): `range` for the query params (empty while the start is after the end, or a day is
 * half typed) and the `filter`'s props but its label. `refilter` wraps each change
 * (usePagedSearch: a change goes back to page 1).
 *
 * The URL is written from both days' state after each render, never from a change handler:
 * react-router's `setSearchParams(prev => …)` hands `prev` from the render the handler was made in,
 * so two changes before a re-render (a quick clear of both fields) would each rebuild the URL from
 * the same old params and the second would put back the day the first had removed.
 */
export function useDateRange(refilter: (set: (value: string) => void) => (value: string) => void) {
  const [params, setParams] = useSearchParams();
  const [from, setFrom] = useState(() => dayParam(params.get('from')));
  const [to, setTo] = useState(() => dayParam(params.get('to')));
  useEffect(() => {
    const next = new URLSearchParams(params);
    for (const [key, day] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (isCalendarDay(day)) next.set(key, day);
      else next.delete(key);
    }
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [from, to, params, setParams]);
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
      onFromChange: refilter(setFrom),
      onToChange: refilter(setTo),
      error: reversed ? DATE_RANGE_MSG.fromAfterTo : undefined,
    },
  };
}
