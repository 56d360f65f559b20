import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { FormEvent, ReactNode } from 'react';
import { decisionReasonSchema } from '@common/schemas/common';
import { zodForm } from '../../lib/zod-form';
import { DialogActions } from '../dialog';
import { ReasonTextarea } from './reason-textarea';

/** Where the client reads the reason, under the field (a default fits every decision). */
const DEFAULT_DESCRIPTION =
  'The client reads it with the decision, and the audit log keeps it (3 to 500 characters).';

export interface ReasonConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
  /** Paints the confirm button red (reject, decline, void, block). */
  danger?: boolean;
  /** Under the reason field: who reads it. */
  reasonDescription?: string;
  /** What the decision is about, under the question (a review's client, amount and destination). */
  details?: ReactNode;
}

/**
 * The body of a decision's dialog: the question, what it is about, `children` (its field), then
 * Cancel and the confirm button (red for a `danger` decision).
 */
export function DecisionForm({
  options,
  onSubmit,
  onCancel,
  children,
}: {
  options: ReasonConfirmation;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={options.title}>
      <Stack gap="md">
        <Text size="sm">{options.message}</Text>
        {options.details}
        {children}
        <DialogActions
          onCancel={onCancel}
          submitLabel={options.confirmLabel}
          color={options.danger ? 'red.8' : undefined}
          busy={false}
        />
      </Stack>
    </form>
  );
}

let opened = 0;

/**
 * Opens a dialog titled `title` whose body is `body(done)`: a form that calls `done` with its
 * answer, or with null on Cancel. Resolves that answer once and closes the dialog; resolves null
 * when the dialog is dismissed (Escape, the close button, a click outside).
 */
export function askInDialog<T>(
  title: string,
  body: (done: (answer: T | null) => void) => ReactNode,
): Promise<T | null> {
  const modalId = `decision-dialog-${++opened}`;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: T | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title,
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => settle(null),
      children: body(settle),
    });
  });
}

function ReasonForm({
  options,
  onDone,
}: {
  options: ReasonConfirmation;
  onDone: (reason: string | null) => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, ...zodForm(decisionReasonSchema) });
  return (
    <DecisionForm
      options={options}
      onSubmit={form.onSubmit(({ reason }) => onDone(reason))}
      onCancel={() => onDone(null)}
    >
      <ReasonTextarea
        data-autofocus
        description={options.reasonDescription ?? DEFAULT_DESCRIPTION}
        {...form.getInputProps('reason')}
      />
    </DecisionForm>
  );
}

/**
 * Asks before a decision about a client's money or account (reject, decline, void, block, KYC
 * reject), with a required reason of 3 to 500 characters (the server's `decisionReasonField`).
 * Resolves the trimmed reason when confirmed, null when cancelled or dismissed.
 */
export function confirmWithReason(options: ReasonConfirmation): Promise<string | null> {
  return askInDialog<string>(options.title, (done) => <ReasonForm options={options} onDone={done} />);
}
