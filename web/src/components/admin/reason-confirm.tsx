import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
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

function ReasonForm({
  options,
  onDone,
}: {
  options: ReasonConfirmation;
  onDone: (reason: string | null) => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, ...zodForm(decisionReasonSchema) });
  return (
    <form onSubmit={form.onSubmit(({ reason }) => onDone(reason))} noValidate aria-label={options.title}>
      <Stack gap="md">
        <Text size="sm">{options.message}</Text>
        {options.details}
        <ReasonTextarea
          data-autofocus
          description={options.reasonDescription ?? DEFAULT_DESCRIPTION}
          {...form.getInputProps('reason')}
        />
        <DialogActions
          onCancel={() => onDone(null)}
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
 * Asks before a decision about a client's money or account (reject, decline, void, block, KYC
 * reject), with a required reason of 3 to 500 characters (the server's `decisionReasonField`).
 * Resolves the trimmed reason when confirmed, null when cancelled or dismissed.
 */
export function confirmWithReason(options: ReasonConfirmation): Promise<string | null> {
  const modalId = `reason-confirm-${++opened}`;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (reason: string | null) => {
      if (settled) return;
      settled = true;
      resolve(reason);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title: options.title,
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => settle(null),
      children: <ReasonForm options={options} onDone={settle} />,
    });
  });
}
