import { Anchor, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { ADMIN_TRANSACTION_TYPES, addTransactionSchema } from '@common/schemas/transactions';
import { paths } from '../../../config/paths';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { ReasonTextarea } from '../../../components/admin/reason-textarea';
import { BusyButton } from '../../../components/busy-button';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifyMoneyOutcome } from '../../../lib/notify';
import { useAddTransaction, useFindUserByEmail, type AddTransactionPayload } from '../api';
import { TYPE_LABELS } from '../../../lib/transaction-labels';

/** The client the transaction is for. */
interface Client {
  id: string;
  name: string;
}

/** Picks the client by e-mail (GET /user/admin/email/:email). */
function ClientFinder({ onFound }: { onFound: (client: Client) => void }) {
  const find = useFindUserByEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = () => {
    if (!email.trim()) {
      setError('Please enter the client’s e-mail');
      return;
    }
    setError(null);
    find.mutate(email.trim(), {
      onSuccess: (user) => onFound({ id: user._id, name: `${user.firstName} ${user.lastName}` }),
      onError: (e) => setError(errorMessage(e, 'Something went wrong')),
    });
  };
  return (
    <TextInput
      label="Client e-mail"
      type="email"
      value={email}
      onChange={(event) => setEmail(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          search();
        }
      }}
      error={error}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1 }}>{input}</div>
          <BusyButton variant="light" onClick={search} busy={find.isPending}>
            Find
          </BusyButton>
        </Group>
      )}
    />
  );
}

/**
 * /admin/transactions/add-transactions (docs/product.md): posts a deposit, withdrawal,
 * profit or bonus to a client's ledger with the admin's reason, which the client sees. The client
 * comes from `?userId=&name=` or is looked up by e-mail. A line at or above the four-eyes threshold
 * waits in /admin/approvals instead (the toast says so).
 */
export function AddTransactionPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const [client, setClient] = useState<Client | null>(
    userId ? { id: userId, name: params.get('name') ?? 'the selected client' } : null,
  );
  const add = useAddTransaction();
  const idempotency = useIdempotencyKey();
  const form = useForm<AddTransactionPayload>({
    initialValues: {
      amount: '',
      transactionType: 'deposit',
      date: dayjs().format('YYYY-MM-DDTHH:mm'),
      details: '',
      status: 'approved',
    },
    validate: schemaResolver(addTransactionSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (!client) return;
    add.mutate(
      {
        userId: client.id,
        payload: { ...values, date: dayjs(values.date).toISOString() },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: (answer) => {
          idempotency.renew();
          // a large line waits for a second staff member (four-eyes): the toast says so
          notifyMoneyOutcome(answer, MONEY_MSG.transactionAdded);
          navigate(paths.admin.transactions(client.id, client.name));
        },
        onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
      },
    );
  });

  return (
    <Stack gap="md" maw={640} mx="auto" w="100%">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Add Transaction
      </Title>
      <Text c="dimmed">
        The transaction is posted to the client’s ledger at once (a large one once a second staff member
        approves it) and shows in their history with your reason. Mistakes are corrected by voiding, never by
        deleting.
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {client ? (
            <Group gap="xs">
              <Text>
                Client: <strong>{client.name}</strong>
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => setClient(null)}>
                Change
              </Anchor>
            </Group>
          ) : (
            <ClientFinder onFound={setClient} />
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <UsdInput label="Amount (USD)" {...form.getInputProps('amount')} />
              <ChoiceSelect
                label="Type"
                data={ADMIN_TRANSACTION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                {...form.getInputProps('transactionType')}
              />
              <TextInput label="Date" type="datetime-local" required {...form.getInputProps('date')} />
              <ReasonTextarea
                label="Details"
                description="The reason, shown to the client in their history."
                {...form.getInputProps('details')}
              />
              <Select
                label="Status"
                description="An admin transaction is posted at once, so it is always approved."
                data={[{ value: 'approved', label: 'Approved' }]}
                disabled
                {...form.getInputProps('status')}
              />
              <BusyButton type="submit" busy={add.isPending} disabled={!client}>
                Add transaction
              </BusyButton>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Stack>
  );
}
