import { Paper, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormErrorAlert } from './form-error-alert';

interface FormCardProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last submission's error message, in a banner above the fields (none by default). */
  failure?: string | null;
  /** Names the form for assistive technology. */
  label?: string;
  /** The card's largest width in px (full width by default). */
  maw?: number;
  /** The fields and buttons, `md` apart. */
  children: ReactNode;
}

/** A bordered card holding one form of a client or back-office screen: the error banner, then the fields. */
export function FormCard({ onSubmit, failure = null, label, maw, children }: FormCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={maw}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
