import { Select, type SelectProps } from '@mantine/core';

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
