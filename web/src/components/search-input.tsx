import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The search box above a table: labelled "Search" unless told otherwise, with a magnifier icon; it
 * hands the typed text to `onChange`. Other TextInput props (placeholder, width) pass through.
 */
export function SearchInput({ value, onChange, label = 'Search', ...props }: SearchInputProps) {
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
