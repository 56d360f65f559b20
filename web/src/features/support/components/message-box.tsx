import { Textarea, type TextareaProps } from '@mantine/core';
import type { FormEventHandler } from 'react';
import { SUPPORT_MESSAGE_MAX } from '@common/schemas/support';
import { PlainForm } from '../../../components/plain-form';

interface MessageBoxProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the form ("Reply to the client"). */
  label: string;
  /** The text box: its label, description and the form's input props. */
  field: TextareaProps;
  /** The small send button's text and variant. */
  send: { label: string; variant?: string };
  busy: boolean;
}

/**
 * A message under a ticket (support's reply, the client's follow-up): one growing text box of up to
 * SUPPORT_MESSAGE_MAX characters and a small send button.
 */
export function MessageBox({ onSubmit, label, field, send, busy }: MessageBoxProps) {
  return (
    <PlainForm
      onSubmit={onSubmit}
      label={label}
      submitLabel={send.label}
      submitProps={{ size: 'xs', variant: send.variant }}
      busy={busy}
      gap="xs"
    >
      <Textarea autosize minRows={2} maxLength={SUPPORT_MESSAGE_MAX} {...field} />
    </PlainForm>
  );
}
