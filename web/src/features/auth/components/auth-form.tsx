import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The failed submission's message, in a banner above the form. */
  failure: string | null;
  /** The banner's title (the sign-up page's "Error!"). */
  failureTitle?: string;
  /** The request runs: the submit button reads "Loading..." and is disabled. */
  busy: boolean;
  submitLabel: string;
  /** The fields, `sm` apart. */
  children: ReactNode;
}

/**
 * The form of a sign-in, sign-up or password page (inside an `AuthCard`): the error banner, the
 * fields, then a full-width submit button.
 */
export function AuthForm({ onSubmit, failure, failureTitle, busy, submitLabel, children }: AuthFormProps) {
  return (
    <>
      <FormErrorAlert title={failureTitle} message={failure} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <BusyButton type="submit" fullWidth busy={busy}>
            {submitLabel}
          </BusyButton>
        </Stack>
      </form>
    </>
  );
}
