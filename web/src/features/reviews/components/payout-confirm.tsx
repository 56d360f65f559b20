/**
 * The confirmation of a withdrawal's approval, with the optional payout reference (the payout's
 * transaction hash or bank reference) that the client reads in their list, notice and e-mail.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { withdrawalApprovalSchema, type WithdrawalApprovalInput } from '@common/schemas/withdrawals';
import { DialogActions } from '../../../components/dialog';
import type { ReasonConfirmation } from '../../../components/admin/reason-confirm';
import { zodForm } from '../../../lib/zod-form';

function PayoutForm({
  options,
  onDone,
}: {
  options: ReasonConfirmation;
  onDone: (input: WithdrawalApprovalInput | null) => void;
}) {
  const form = useForm({ initialValues: { payoutReference: '' }, ...zodForm(withdrawalApprovalSchema) });
  return (
    <form
      onSubmit={form.onSubmit(({ payoutReference }) =>
        onDone({ payoutReference: (payoutReference ?? '').trim() }),
      )}
      noValidate
      aria-label={options.title}
    >
      <Stack gap="md">
        <Text size="sm">{options.message}</Text>
        {options.details}
        <TextInput
          data-autofocus
          label="Payout reference (optional)"
          description="The transaction hash or bank reference of the payment; the client reads it with the approval."
          maxLength={200}
          {...form.getInputProps('payoutReference')}
        />
        <DialogActions onCancel={() => onDone(null)} submitLabel={options.confirmLabel} busy={false} />
      </Stack>
    </form>
  );
}

let opened = 0;

/** Asks before approving a withdrawal; resolves the payout reference given ('' for none), null when cancelled. */
export function confirmPayout(options: ReasonConfirmation): Promise<WithdrawalApprovalInput | null> {
  const modalId = `payout-confirm-${++opened}`;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (input: WithdrawalApprovalInput | null) => {
      if (settled) return;
      settled = true;
      resolve(input);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title: options.title,
      closeButtonProps: { 'aria-label': 'Close' },
      onClose: () => settle(null),
      children: <PayoutForm options={options} onDone={settle} />,
    });
  });
}
