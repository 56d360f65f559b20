import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MessageAnswer } from '../../lib/api-client';
import { BusyButton } from '../busy-button';
import {
  confirmThenRun,
  type Confirmation,
  type Mutate,
  type Outcome,
  type VariablesWithoutReason,
} from './confirm-then-run';

interface ConfirmedButtonProps<V, A extends MessageAnswer> extends Pick<
  ButtonProps,
  'size' | 'variant' | 'color' | 'leftSection'
> {
  /** The dialog asked first (title, text, confirm label, red or not, and a reason field or not). */
  confirmation: Confirmation;
  /** The request it runs once confirmed; the button is disabled while it runs. */
  mutation: { mutateAsync: Mutate<V, A>; isPending: boolean };
  /** The request's variables; with `confirmation.reason`, without the `reason` the dialog adds. */
  variables: VariablesWithoutReason<V>;
  /** The toasts (the server's message by default) and what follows a success. */
  outcome?: Outcome;
  /** Reads "Loading..." while the request runs (otherwise it is only disabled). */
  showBusy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A back-office action button (Delete, Void, Block, Clear active plan…): it asks first (with a
 * required reason for a decision about a client's money or account), then runs
 * its request and toasts how it went (confirmThenRun). It looks like a table row's Delete (small,
 * red outline) unless its size, variant, colour or icon say otherwise.
 */
export function ConfirmedButton<V, A extends MessageAnswer>({
  confirmation,
  mutation,
  variables,
  outcome,
  showBusy = false,
  disabled = false,
  children,
  size = 'xs',
  variant = 'outline',
  color = 'red.9',
  leftSection,
}: ConfirmedButtonProps<V, A>) {
  const button = { size, variant, color, leftSection, children };
  const onClick = () => void confirmThenRun(confirmation, mutation.mutateAsync, variables, outcome);
  if (showBusy) {
    return <BusyButton {...button} busy={mutation.isPending} disabled={disabled} onClick={onClick} />;
  }
  return <Button {...button} disabled={disabled || mutation.isPending} onClick={onClick} />;
}
