import type { GetInputPropsReturnType } from '@mantine/form';
import { MONEY_MSG } from '@common/messages';

/**
 * The withdrawal forms' `enhanceGetInputProps`: a field that is only missing is marked invalid (red,
 * `aria-invalid`) without "Please fill all fields" printed under it; the form says it once, above
 * its fields (WithdrawalForm). Any other message stays with its field.
 */
export function markMissing({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return inputProps.error === MONEY_MSG.fillAllFields ? { error: true } : undefined;
}
