import { TextInput, type TextInputProps } from '@mantine/core';
import type { FocusEvent } from 'react';
import { formatUsdText, readUsdText } from '@common/schemas/money';

export interface UsdInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** What the user typed (USD, as text), or a number from a saved row; '' while empty. */
  value?: string | number;
  /** The typed text, as is: the form's schema reads it with the API's parser. */
  onChange?: (value: string) => void;
}

/**
 * A required amount in US dollars, typed the way people write it: `1000`, `1,000`, `1 000`,
 * `$1,000.50` (common/schemas/money.ts `readUsdText`, the parser the API uses too). It keeps
 * exactly what was typed, so no digit is ever dropped or rounded; on leaving the field an amount
 * that reads one way is shown back in one form (`1,000.50`), and one that does not is left as
 * typed for the form's validation to say why. "$" in front, the decimal keypad on phones.
 */
export function UsdInput({ value, onChange, onBlur, ...props }: UsdInputProps) {
  const text = value === undefined || value === null ? '' : String(value);
  const showBack = (event: FocusEvent<HTMLInputElement>) => {
    const read = text.trim() ? readUsdText(text) : undefined;
    if (read && 'cents' in read) {
      const shown = formatUsdText(read.cents);
      if (shown !== text) onChange?.(shown);
    }
    onBlur?.(event);
  };
  return (
    <TextInput
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      required
      {...props}
      value={text}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      onBlur={showBack}
    />
  );
}
