import { Select, type SelectProps } from '@mantine/core';

/**
 * A required Select that always holds one of its options (it cannot be cleared): a form's type,
 * plan or status. Other Select props (label, data, the form's input props) pass through.
 */
export function ChoiceSelect(props: SelectProps) {
  return <Select allowDeselect={false} required {...props} />;
}
