/**
 * The client's bank withdrawal form: /account/withdrawal/bank. The account is one of the client's
 * active address-book bank destinations (components/destination-picker.tsx), an IBAN or an account
 * number with its routing number, whose fields the form sends. The back office's list of a client's bank withdrawals, /admin/bank-withdrawals/:id, is a
 * review page: reviews/pages/admin-deposits-withdrawals-pages.tsx.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { markMissing } from '../missing-fields';
import { IconBuildingBank } from '@tabler/icons-react';
import { bankWithdrawalSchema } from '@common/schemas/withdrawals';
import { FundingPage } from '../../../components/funding/funding-page';
import { useCreateBankWithdrawal, type BankWithdrawalPayload } from '../api';
import { bankFits, DestinationPicker } from '../components/destination-picker';
import { MethodHeading } from '../components/method-heading';
import { WithdrawalForm } from '../components/withdrawal-form';

/**
 * The bank details a withdrawal sends, each filled from the chosen destination: its IBAN, or its
 * account and routing numbers (the other left empty).
 */
const BANK_FIELDS = ['bankName', 'accountName', 'iban', 'accountNumber', 'routing', 'swift'] as const;

const EMPTY_WITHDRAWAL = {
  amount: '',
  token: '',
  ...Object.fromEntries(BANK_FIELDS.map((name) => [name, ''])),
} as BankWithdrawalPayload;

/** /account/withdrawal/bank. */
export function BankWithdrawalPage() {
  const post = useCreateBankWithdrawal();
  const form = useForm<BankWithdrawalPayload>({
    initialValues: EMPTY_WITHDRAWAL,
    validate: schemaResolver(bankWithdrawalSchema, { sync: true }),
    enhanceGetInputProps: markMissing,
  });

  return (
    <FundingPage title="Make Withdrawal">
      <MethodHeading title="Bank transfer" icon={IconBuildingBank} color="blue" />
      <WithdrawalForm method="bank" form={form} post={post}>
        <DestinationPicker
          what="bank account"
          fits={bankFits}
          isPicked={(d) => BANK_FIELDS.every((name) => (d[name] ?? '') === form.values[name])}
          onPick={(d) => {
            form.setValues(Object.fromEntries(BANK_FIELDS.map((name) => [name, d[name] ?? ''])));
            BANK_FIELDS.forEach((name) => form.clearFieldError(name));
          }}
          error={BANK_FIELDS.map((name) => form.getInputProps(name).error).find(Boolean)}
        />
      </WithdrawalForm>
    </FundingPage>
  );
}
