/**
 * The confirmation of a withdrawal's approval, with the optional payout reference (the payout's
 * transaction hash or bank reference) that the client reads in their list, notice and e-mail.
 */
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { withdrawalApprovalSchema, type WithdrawalApprovalInput } from '@common/schemas/withdrawals';
import { askInDialog, DecisionForm, type ReasonConfirmation } from '../../../components/admin/reason-confirm';
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
    <DecisionForm
      options={options}
      onSubmit={form.onSubmit(({ payoutReference }) =>
        onDone({ payoutReference: (payoutReference ?? '').trim() }),
      )}
      onCancel={() => onDone(null)}
    >
      <TextInput
        data-autofocus
        label="Payout reference (optional)"
        description="The transaction hash or bank reference of the payment; the client reads it with the approval."
        maxLength={200}
        {...form.getInputProps('payoutReference')}
      />
    </DecisionForm>
  );
}

/** Asks before approving a withdrawal; resolves the payout reference given ('' for none), null when cancelled. */
export function confirmPayout(options: ReasonConfirmation): Promise<WithdrawalApprovalInput | null> {
  return askInDialog<WithdrawalApprovalInput>(options.title, (done) => (
    <PayoutForm options={options} onDone={done} />
  ));
}
