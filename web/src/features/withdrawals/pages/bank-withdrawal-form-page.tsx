/**
 * The client's bank withdrawal form: /account/withdrawal/bank. The back office's list of a client's
 * bank withdrawals, /admin/bank-withdrawals/:id, is a review page: reviews/pages/admin-deposits-withdrawals-pages.tsx.
 */
import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { markMissing } from '../missing-fields';
import { IconBuildingBank } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { bankWithdrawalSchema } from '@common/schemas/withdrawals';
import { paths } from '../../../config/paths';
import { FundingPage } from '../../../components/funding/funding-page';
import { useCreateBankWithdrawal, type BankWithdrawalPayload } from '../api';
import { MethodHeading } from '../components/method-heading';
import { WithdrawalForm } from '../components/withdrawal-form';

/** The bank details a withdrawal asks for, in order: required text fields, no autofill unless said. */
const BANK_FIELDS = [
  { name: 'bankName', label: 'Bank name' },
  { name: 'accountName', label: 'Account name', autoComplete: 'name' },
  { name: 'accountNumber', label: 'Account number', inputMode: 'numeric' },
  { name: 'routing', label: 'Routing number', inputMode: 'numeric' },
  { name: 'swift', label: 'SWIFT/BIC code', autoCapitalize: 'characters', spellCheck: false },
] as const satisfies ReadonlyArray<TextInputProps & { name: keyof BankWithdrawalPayload }>;

const EMPTY_WITHDRAWAL = {
  amount: '',
  token: '',
  ...Object.fromEntries(BANK_FIELDS.map(({ name }) => [name, ''])),
} as BankWithdrawalPayload;

/** /account/withdrawal/bank. */
export function BankWithdrawalPage() {
  const navigate = useNavigate();
  const post = useCreateBankWithdrawal();
  const form = useForm<BankWithdrawalPayload>({
    initialValues: EMPTY_WITHDRAWAL,
    validate: schemaResolver(bankWithdrawalSchema, { sync: true }),
    enhanceGetInputProps: markMissing,
  });

  return (
    <FundingPage title="Make Withdrawal">
      <MethodHeading title="Bank transfer" icon={IconBuildingBank} color="blue" />
      <WithdrawalForm
        method="bank"
        form={form}
        post={post}
        successMessage={MONEY_MSG.bankWithdrawalSubmitted}
        failureMessage="An error occurred. Please try again."
        onSubmitted={() => navigate(paths.account.withdrawal({ success: 'true' }))}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {BANK_FIELDS.map(({ name, ...field }) => (
            <TextInput key={name} autoComplete="off" required {...field} {...form.getInputProps(name)} />
          ))}
        </SimpleGrid>
      </WithdrawalForm>
    </FundingPage>
  );
}
