import {
  Anchor,
  Card,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_PLANS } from '@common/constants';
import { USER_ADMIN_MSG } from '@common/messages';
import {
  adjustmentSchema,
  updateAccountSchema,
  type UpdateAccountInput,
  type UserWithFigures,
} from '@common/schemas/users';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { ClientPageTitle, useNameParam } from '../../../components/client-page-title';
import { confirmAction } from '../../../components/confirm';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { adminUserQuery, usePostAdjustment, useUpdateAccount, type AdjustmentPayload } from '../api';
import { InfoTable, ledgerFigureRows } from '../components/info-table';

function Balances({ user }: { user: UserWithFigures }) {
  const a = user.account;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="balances-title">
      <Title order={2} fz="lg" id="balances-title">
        Balances and totals
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Derived from the ledger; they change only through postings (deposits, withdrawals, profit,
        adjustments).
      </Text>
      <InfoTable label="Balances and totals" rows={ledgerFigureRows(a)} />
    </Card>
  );
}

/** Currency symbol and account plan (Basic … Platinum). */
function AccountForm({ user }: { user: UserWithFigures }) {
  const update = useUpdateAccount(user._id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UpdateAccountInput>({
    initialValues: { currencySymbol: user.account.currencySymbol, accountPlan: user.account.accountPlan },
    validate: schemaResolver(updateAccountSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.resetDirty();
      },
      onError: (error) => setFailure(errorMessage(error, 'Something went wrong')),
    });
  });
  return (
    <SectionCard title="Account">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Currency symbol"
              required
              maxLength={8}
              {...form.getInputProps('currencySymbol')}
            />
            <Select
              label="Account plan"
              data={[...ACCOUNT_PLANS]}
              allowDeselect={false}
              required
              {...form.getInputProps('accountPlan')}
            />
          </SimpleGrid>
          <div>
            <BusyButton type="submit" busy={update.isPending}>
              Update account
            </BusyButton>
          </div>
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * A ledger adjustment (docs/product.md): credit or debit of the available balance with a required
 * reason the client sees in their history; confirmed first, sent with an Idempotency-Key.
 */
function AdjustmentForm({ user }: { user: UserWithFigures }) {
  const post = usePostAdjustment(user._id);
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AdjustmentPayload>({
    initialValues: { direction: 'credit', amount: '', reason: '' },
    validate: schemaResolver(adjustmentSchema, { sync: true }),
  });
  const name = `${user.firstName} ${user.lastName}`;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const amount = formatUsd(Number(values.amount));
    const confirmed = await confirmAction({
      title: values.direction === 'credit' ? 'Post a credit' : 'Post a debit',
      message: USER_ADMIN_MSG.confirmAdjustment(values.direction, amount, name),
      confirmLabel: 'Post adjustment',
      danger: values.direction === 'debit',
    });
    if (!confirmed) return;
    post.mutate(
      { payload: values, idempotencyKey: idempotency.key },
      {
        onSuccess: ({ message }) => {
          idempotency.renew();
          notifySuccess(message);
          form.reset();
        },
        onError: (error) => setFailure(errorMessage(error, 'Something went wrong')),
      },
    );
  });

  return (
    <SectionCard title="Adjustment" gap={0}>
      <Text size="sm" c="dimmed" mb="sm">
        Credits or debits the client’s available balance. The client sees it in their transaction history with
        your reason. A debit can never take the balance below zero.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <SegmentedControl
            aria-label="Direction"
            data={[
              { value: 'credit', label: 'Credit' },
              { value: 'debit', label: 'Debit' },
            ]}
            {...form.getInputProps('direction')}
          />
          <UsdInput label="Amount (USD)" {...form.getInputProps('amount')} />
          <Textarea
            label="Reason"
            description="Shown to the client in their history."
            autosize
            minRows={2}
            maxLength={500}
            required
            {...form.getInputProps('reason')}
          />
          <div>
            <BusyButton type="submit" busy={post.isPending}>
              Post adjustment
            </BusyButton>
          </div>
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * /admin/users/account/:id?name= (docs/product.md): balances and totals read-only from the
 * ledger, the currency symbol and plan form, and the adjustment form (no typing of balances).
 */
export function AdminUserAccountPage() {
  const { id = '' } = useParams();
  const nameParam = useNameParam();
  const query = useQuery(adminUserQuery(id));
  const user = query.data;
  const name = user ? `${user.firstName} ${user.lastName}` : nameParam;

  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <ClientPageTitle title="Edit Account" name={name} />
      {query.error && !user ? (
        <LoadError what="the account" error={query.error} onRetry={() => void query.refetch()} />
      ) : !user ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the account">
          <Skeleton height={240} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      ) : (
        <>
          <Anchor component={Link} to={paths.admin.user(user._id)} size="sm">
            Back to the user
          </Anchor>
          <Balances user={user} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <AccountForm key={`labels-${user._id}`} user={user} />
            {user.isAdmin ? (
              <Paper withBorder radius="md" p="lg">
                <Text c="dimmed">Adjustments are posted to clients’ accounts only.</Text>
              </Paper>
            ) : (
              <AdjustmentForm key={`adjust-${user._id}`} user={user} />
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
