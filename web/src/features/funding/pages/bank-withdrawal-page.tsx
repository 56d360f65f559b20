import { SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBuildingBank } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { bankWithdrawalSchema } from '@common/schemas/withdrawals';
import { paths } from '../../../app/paths';
import { useCreateBankWithdrawal, type BankWithdrawalPayload } from '../api';
import { FundingPage } from '../components/funding-page';
import { MethodHeading } from '../components/method-heading';
import { WithdrawalForm } from '../components/withdrawal-form';

/** /account/withdrawal/bank. */
export function BankWithdrawalPage() {
  const navigate = useNavigate();
  const post = useCreateBankWithdrawal();
  const form = useForm<BankWithdrawalPayload>({
    initialValues: {
      amount: '',
      bankName: '',
      accountName: '',
      accountNumber: '',
      routing: '',
      swift: '',
      token: '',
    },
    validate: schemaResolver(bankWithdrawalSchema, { sync: true }),
  });

  return (
    <FundingPage title="Make Withdrawal">
      <MethodHeading title="Bank transfer" icon={IconBuildingBank} color="blue" />
      <WithdrawalForm
        form={form}
        post={post}
        successMessage={MONEY_MSG.bankWithdrawalSubmitted}
        failureMessage="An error occurred. Please try again."
        onSubmitted={() => navigate(paths.account.withdrawal({ success: 'true' }))}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Bank name" autoComplete="off" required {...form.getInputProps('bankName')} />
          <TextInput
            label="Account name"
            autoComplete="name"
            required
            {...form.getInputProps('accountName')}
          />
          <TextInput
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.getInputProps('accountNumber')}
          />
          <TextInput
            label="Routing number"
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.getInputProps('routing')}
          />
          <TextInput
            label="SWIFT/BIC code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            {...form.getInputProps('swift')}
          />
        </SimpleGrid>
      </WithdrawalForm>
    </FundingPage>
  );
}
