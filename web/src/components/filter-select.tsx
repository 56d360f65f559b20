import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

/**
 * One filter of a table: its label, the "all" placeholder ("All types"), its options, the chosen
 * one, and its size (`w` or a flex `style`); `searchable` narrows long lists as the user types.
 */
export type TableFilter = Pick<SelectProps, 'data' | 'searchable' | 'w' | 'style'> & {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
};

/** The filters above a table, one clearable Select each (cleared, the table shows everything). */
export function FilterSelects({ filters }: { filters: TableFilter[] }) {
  return filters.map((filter) => <Select key={filter.label} clearable {...filter} />);
}

/**
 * The state of a filter over a fixed list of values (a type, a status): `chosen` for the query
 * params (undefined for all), and the `filter`'s options, value and setter, which `refilter` wraps
 * (usePagedSearch: a change goes back to page 1).
 */
export function useChoice<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  refilter: (set: (value: string | null) => void) => (value: string | null) => void,
  /** The value chosen at first (e.g. from the page's URL); none by default. */
  initial: T | null = null,
) {
  const [chosen, setChosen] = useState<T | null>(initial);
  return {
    chosen: chosen ?? undefined,
    filter: {
      data: values.map((value) => ({ value, label: labels[value] })),
      value: chosen,
      onChange: refilter((value) => setChosen(value as T | null)),
    },
  };
}
