import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';

interface StepFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last submission's error message, shown above the fields. */
  failure: string | null;
  /** The request runs: the submit button reads "Loading..." and Cancel is disabled. */
  busy: boolean;
  submitLabel: string;
  /** The submit button's colour (red for turning two-factor off); the theme's by default. */
  submitColor?: string;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A narrow form of one two-factor step (confirm the password, enter the first code, turn it off):
 * the error, the fields, then the submit button beside Cancel.
 */
export function StepForm({
  onSubmit,
  failure,
  busy,
  submitLabel,
  submitColor,
  onCancel,
  children,
}: StepFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={360}>
        <FormErrorAlert message={failure} />
        {children}
        <Group gap="xs">
          <BusyButton type="submit" color={submitColor} busy={busy}>
            {submitLabel}
          </BusyButton>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
