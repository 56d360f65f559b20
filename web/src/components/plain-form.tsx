import { Group, Stack, type ButtonProps, type MantineSpacing } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { FormErrorAlert } from './form-error-alert';

interface PlainFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the form for assistive technology. */
  label?: string;
  /** The submit button's text; it reads "Loading..." while `busy`. */
  submitLabel: string;
  busy: boolean;
  /** The submit button's size, variant or colour (the theme's default button otherwise). */
  submitProps?: Pick<ButtonProps, 'size' | 'variant' | 'color'>;
  /** The last submission's error message, in a banner above the fields (none by default). */
  failure?: string | null;
  /** Space between the fields and the button (`sm` by default). */
  gap?: MantineSpacing;
  children: ReactNode;
}

/**
 * A form without a card around it (inside a section, a panel or a dialog): an optional error
 * banner, the fields, then the submit button at the start of its own row. Checked by its own code
 * (`noValidate`), so the browser's bubbles never show.
 */
export function PlainForm({
  onSubmit,
  label,
  submitLabel,
  busy,
  submitProps,
  failure = null,
  gap = 'sm',
  children,
}: PlainFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        <FormErrorAlert message={failure} />
        {children}
        <Group>
          <BusyButton type="submit" busy={busy} {...submitProps}>
            {submitLabel}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
