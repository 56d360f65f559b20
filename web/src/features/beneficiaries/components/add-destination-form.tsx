import { NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DESTINATION_NETWORKS, NETWORK_LABELS } from '@common/destinations';
import { BENEFICIARY_MSG, addBeneficiarySchema } from '@common/schemas/beneficiaries';
import { PlainForm } from '../../../components/plain-form';
import { toastOutcome } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useAddBeneficiary } from '../api';

/** Every field of both kinds; the schema keeps those of the chosen kind. */
const EMPTY = {
  kind: 'crypto' as 'crypto' | 'bank',
  label: '',
  network: 'bitcoin',
  address: '',
  iban: '',
  accountNumber: '',
  routing: '',
  swift: '',
  bankName: '',
  accountName: '',
};

const networkOptions = DESTINATION_NETWORKS.map((value) => ({ value, label: NETWORK_LABELS[value] }));

/**
 * The add form: a crypto address on its network, or a bank account (IBAN, or account number and
 * routing number; BIC; names). It validates with the server's schema, checksums included
 * (common/destinations.ts), so a typo is caught before it is sent. Once added, the client is told to
 * open the e-mailed link.
 */
export function AddDestinationForm() {
  const add = useAddBeneficiary();
  const form = useForm({
    initialValues: EMPTY,
    ...zodForm(addBeneficiarySchema),
  });
  const kind = form.values.kind;
  const submit = form.onSubmit((values) => {
    add.mutate(
      values,
      toastOutcome(BENEFICIARY_MSG.added, 'The destination could not be added', () => form.setValues(EMPTY)),
    );
  });
  return (
    <PlainForm
      onSubmit={submit}
      label="Add a withdrawal destination"
      submitLabel="Add destination"
      busy={add.isPending}
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Kind of destination"
          data={[
            { value: 'crypto', label: 'Crypto address' },
            { value: 'bank', label: 'Bank account' },
          ]}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label="Label"
          description="A name you will recognise, e.g. My hardware wallet"
          required
          {...form.getInputProps('label')}
        />
        {kind === 'crypto' ? (
          <>
            <NativeSelect label="Network" data={networkOptions} required {...form.getInputProps('network')} />
            <TextInput
              label="Address"
              required
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('address')}
            />
          </>
        ) : (
          <>
            <TextInput
              label="IBAN"
              description="Or leave it empty and give the account and routing numbers"
              autoComplete="off"
              {...form.getInputProps('iban')}
            />
            <TextInput
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('accountNumber')}
            />
            <TextInput
              label="Routing number"
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('routing')}
            />
            <TextInput label="SWIFT/BIC" required autoComplete="off" {...form.getInputProps('swift')} />
            <TextInput label="Bank name" required {...form.getInputProps('bankName')} />
            <TextInput label="Account holder's name" required {...form.getInputProps('accountName')} />
          </>
        )}
        <Text size="sm" c="dimmed">
          We e-mail you a link to confirm it. It becomes usable for withdrawals after a waiting period that
          follows the confirmation; you can cancel it until then.
        </Text>
      </Stack>
    </PlainForm>
  );
}
