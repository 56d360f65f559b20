import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';

interface MessageFieldsProps {
  /** The heading's field: its label ("Title", "Subject"), limit and the form's input props. */
  heading: TextInputProps & { label: string };
  /** The message's field: its limit, height in rows and the form's input props. */
  message: TextareaProps;
}

/**
 * The two required fields of a message an admin sends (a notification, an e-mail): a one-line
 * heading, then the growing "Message" text.
 */
export function MessageFields({ heading, message }: MessageFieldsProps) {
  return (
    <>
      <TextInput required {...heading} />
      <Textarea label="Message" required autosize {...message} />
    </>
  );
}
