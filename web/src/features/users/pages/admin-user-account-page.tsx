import { Anchor, Paper, SegmentedControl, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_PLANS } from '@common/constants';
import { USER_ADMIN_MSG } from '@common/messages';
import { formatUsdText, parseUsdCents } from '@common/schemas/money';
import {
  adjustmentSchema,
  updateAccountSchema,
  type UpdateAccountInput,
  type UserWithFigures,
} from '@common/schemas/users';
import { paths } from '../../../config/paths';
import { AdminSection } from '../../../components/admin/admin-section';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { LoadingStack } from '../../../components/admin/loading-stack';
import { ReasonTextarea } from '../../../components/admin/reason-textarea';
import { Can } from '../../../components/can';
import { confirmAction } from '../../../components/confirm';
import { PlainForm } from '../../../components/plain-form';
import { SectionCard } from '../../../components/section-card';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { errorMessage } from '../../../lib/api-client';
import { notifyMoneyOutcome, notifySuccess } from '../../../lib/notify';
import { usePostAdjustment, useUpdateAccount, type AdjustmentPayload } from '../api';
import { ClientUserPage } from '../components/client-user-page';
import { InfoTable, ledgerFigureRows } from '../components/info-table';
import { WaitingApprovals } from '../components/waiting-approvals';

function Balances({ user }: { user: UserWithFigures }) {
  const a = user.account;
  return (
    <AdminSection title="Balances and totals" headingGap={0}>
      <Text size="sm" c="dimmed" mb="xs">
        Derived from the ledger; they change only through postings (deposits, withdrawals, profit,
        adjustments).
      </Text>
      <InfoTable label="Balances and totals" rows={ledgerFigureRows(a)} />
    </AdminSection>
  );
}

/** Currency symbol and account plan (Basic … Platinum). */
function AccountForm({ user }: { user: UserWithFigures }) {
  const update = useUpdateAccount(user._id);
  const form = useForm<UpdateAccountInput>({
    initialValues: { currencySymbol: user.account.currencySymbol, accountPlan: user.account.accountPlan },
    validate: schemaResolver(updateAccountSchema, { sync: true }),
  });
  const submission = useMutationForm(form, update, {
    fallback: 'Something went wrong',
    onSuccess: ({ message }) => {
      notifySuccess(message);
      form.resetDirty();
    },
  });
  return (
    <SectionCard title="Account">
      <PlainForm
        onSubmit={submission.onSubmit}
        failure={submission.failure}
        busy={submission.busy}
        submitLabel="Update account"
        gap="md"
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Currency symbol"
            required
            maxLength={8}
            {...form.getInputProps('currencySymbol')}
          />
          <ChoiceSelect
            label="Account plan"
            data={[...ACCOUNT_PLANS]}
            {...form.getInputProps('accountPlan')}
          />
        </SimpleGrid>
      </PlainForm>
    </SectionCard>
  );
}

/**
 * A ledger adjustment (docs/product.md): credit or debit of the available balance with a required
 * reason the client sees in their history; confirmed first, sent with an Idempotency-Key. A large
 * one waits for a second staff member's approval (four-eyes), which the toast says.
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
    // the amount as the API will read it (valid here: the form's schema checked it)
    const amount = `$${formatUsdText(parseUsdCents(values.amount) ?? 0n)}`;
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
        onSuccess: (answer) => {
          idempotency.renew();
          // at or above the four-eyes threshold nothing is posted yet: the toast says it waits
          notifyMoneyOutcome(answer);
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
        your reason. A debit can never take the balance below zero. A large amount waits for a second staff
        member’s approval before it is posted.
      </Text>
      <PlainForm
        onSubmit={submit}
        failure={failure}
        busy={post.isPending}
        submitLabel="Post adjustment"
        gap="md"
      >
        <SegmentedControl
          aria-label="Direction"
          data={[
            { value: 'credit', label: 'Credit' },
            { value: 'debit', label: 'Debit' },
          ]}
          {...form.getInputProps('direction')}
        />
        <UsdInput label="Amount (USD)" {...form.getInputProps('amount')} />
        <ReasonTextarea
          description="Shown to the client in their history."
          {...form.getInputProps('reason')}
        />
      </PlainForm>
    </SectionCard>
  );
}

/**
 * /admin/users/account/:id?name= (docs/product.md): balances and totals read-only from the
 * ledger, what waits for a second staff member's approval about this client, the currency symbol
 * and plan form (`clients.edit`), and the adjustment form (`ledger.adjust`; no typing of balances).
 */
export function AdminUserAccountPage() {
  return (
    <ClientUserPage
      title="Edit Account"
      maw={900}
      what="the account"
      loading={
        <LoadingStack label="Loading the account">
          <Skeleton height={240} radius="md" />
          <Skeleton height={180} radius="md" />
        </LoadingStack>
      }
    >
      {(user) => (
        <>
          <Anchor component={Link} to={paths.admin.user(user._id)} size="sm">
            Back to the user
          </Anchor>
          <Balances user={user} />
          <Can permission="approvals.decide">
            <WaitingApprovals clientId={user._id} />
          </Can>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Can permission="clients.edit">
              <AccountForm key={`labels-${user._id}`} user={user} />
            </Can>
            <Can permission="ledger.adjust">
              {user.isAdmin ? (
                <Paper withBorder radius="md" p="lg">
                  <Text c="dimmed">Adjustments are posted to clients’ accounts only.</Text>
                </Paper>
              ) : (
                <AdjustmentForm key={`adjust-${user._id}`} user={user} />
              )}
            </Can>
          </SimpleGrid>
        </>
      )}
    </ClientUserPage>
  );
}
