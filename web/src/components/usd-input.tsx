import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A required amount in US dollars: "$" in front, at most 2 decimals, no negative numbers, no
 * spinner, the decimal keypad on phones. The value is the number the user typed (USD, not cents),
 * or '' while empty; other props (label, description, form input props) pass through.
 */
export function UsdInput(props: NumberInputProps) {
  return (
    <NumberInput
      leftSection="$"
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      required
      {...props}
    />
  );
}
