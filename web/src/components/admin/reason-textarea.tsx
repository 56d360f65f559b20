import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * The required reason an admin gives for a change of a client's money or security (an adjustment,
 * an added transaction, a two-factor reset): labelled "Reason" unless told otherwise, up to 500
 * characters, growing from two rows. The description says where the client sees it.
 */
export function ReasonTextarea({ label = 'Reason', ...props }: TextareaProps) {
  return <Textarea label={label} autosize minRows={2} maxLength={500} required {...props} />;
}
