import { Group, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { PLAN_LABELS } from '@common/constants';
import { PLAN_MSG } from '@common/messages';
import { formatUsdText, parseUsdCents } from '@common/schemas/money';
import { addProfitSchema, durationLabel, type PublicActivePlan } from '@common/schemas/plans';
import type { UserWithFigures } from '@common/schemas/users';
import { AdminSection } from '../../../components/admin/admin-section';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { QueryContent } from '../../../components/admin/query-content';
import { ReasonTextarea } from '../../../components/admin/reason-textarea';
import { ClientPageTitle } from '../../../components/admin/client-page';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { Can } from '../../../components/can';
import { confirmAction } from '../../../components/confirm';
import { PlainForm } from '../../../components/plain-form';
import { PlanStatusBadge } from '../../../components/status-badge';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { toastOutcome } from '../../../lib/notify';
import { adminClientQuery, useAddProfit, useClearPlan } from '../api';

/** A YYYY-MM-DD day as the date-time the profit is dated: now for today, noon (local) otherwise. */
function profitDate(day: string): string {
  return day === dayjs().format('YYYY-MM-DD') ? new Date().toISOString() : dayjs(day).hour(12).toISOString();
}

function PlanFacts({ plan }: { plan: PublicActivePlan }) {
  const facts: Array<[string, ReactNode]> = [
    ['Amount', formatUsd(plan.amount)],
    ['Duration', durationLabel(plan.duration)],
    ['Plan', PLAN_LABELS[plan.plan]],
    ['Start date', formatDateTime(plan.startDate)],
    ['End date', formatDateTime(plan.endDate)],
    ['Status', <PlanStatusBadge key="status" status={plan.status} />],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The client's plan with Clear active plan (for a role with `plans.manage`), or the original "no
 * plan" text, then their figures.
 */
function ClientPlan({ client }: { client: UserWithFigures }) {
  const clear = useClearPlan();
  const plan = client.activePlan;
  const { balance, invested, totalProfit } = client.account;
  return (
    <>
      {plan ? (
        <Stack gap="md">
          <PlanFacts plan={plan} />
          <Can permission="plans.manage">
            <Group>
              <ConfirmedButton
                confirmation={{
                  title: 'Clear active plan',
                  message: PLAN_MSG.clearConfirm,
                  confirmLabel: 'Clear plan',
                  danger: true,
                }}
                mutation={clear}
                variables={client._id}
                outcome={{ success: PLAN_MSG.planCleared }}
                showBusy
                size="sm"
              >
                Clear active plan
              </ConfirmedButton>
            </Group>
          </Can>
        </Stack>
      ) : (
        <Text c="dimmed">{PLAN_MSG.noActivePlan}</Text>
      )}
      <Text size="sm" c="dimmed" mt="sm">
        Balance {formatUsd(balance)} · invested {formatUsd(invested)} · total profit {formatUsd(totalProfit)}
      </Text>
    </>
  );
}

/** The client's active plan with Clear active plan, or the original "no plan" text. */
function ActivePlanCard({ userId }: { userId: string }) {
  const client = useQuery(adminClientQuery(userId));
  return (
    <AdminSection title="Active Plan">
      <QueryContent query={client} what="the client" loading={<Skeleton height={60} radius="sm" />}>
        {(data) => <ClientPlan client={data} />}
      </QueryContent>
    </AdminSection>
  );
}

type ResultKind = 'gain' | 'loss';

/** The amount typed (USD, 0 or more) as the signed result the API takes: a loss is negative. */
const signedResult = (kind: ResultKind, amount: number | string) =>
  kind === 'loss' && amount !== '' ? `-${amount}` : amount;

/**
 * "Post result": Gain or Loss, the amount, the date (today by default) and the reason the client
 * reads with it. A gain goes to the client's available balance; a loss comes out of the plan's
 * capital. "Please add profit amount" for a missing or zero amount. Once the form is valid, a
 * dialog repeats the sign and the amount ("Post a loss of $150.00 to Jane Doe?") before anything
 * is posted; the toast then names what was posted ("Profit posted" / "Loss posted").
 */
function AddProfitForm({ userId, name }: { userId: string; name: string | undefined }) {
  const add = useAddProfit();
  const idempotency = useIdempotencyKey();
  const form = useForm({
    initialValues: {
      kind: 'gain' as ResultKind,
      profit: '' as number | string,
      date: dayjs().format('YYYY-MM-DD'),
      reason: '',
    },
    validate: (values) =>
      schemaResolver(addProfitSchema, { sync: true })({
        ...values,
        profit: signedResult(values.kind, values.profit),
      }),
  });
  const submit = form.onSubmit(async ({ kind, profit, date, reason }) => {
    const loss = kind === 'loss';
    // the amount as the API will read it (valid here: the form's schema checked it)
    const amount = `$${formatUsdText(parseUsdCents(String(profit)) ?? 0n)}`;
    const confirmed = await confirmAction({
      title: 'Post result',
      message: PLAN_MSG.confirmResult(loss ? 'loss' : 'profit', amount, name ?? 'this client'),
      confirmLabel: loss ? 'Post loss' : 'Post profit',
      danger: loss,
    });
    if (!confirmed) return;
    add.mutate(
      {
        userId,
        payload: { profit: signedResult(kind, profit), date: profitDate(date), reason },
        idempotencyKey: idempotency.key,
      },
      toastOutcome(loss ? PLAN_MSG.lossPosted : PLAN_MSG.profitPosted, 'Something went wrong', () => {
        idempotency.renew();
        form.setValues({ profit: '', reason: '' });
      }),
    );
  });
  const loss = form.values.kind === 'loss';
  return (
    <AdminSection title="Post result">
      <PlainForm onSubmit={submit} label="Post result" submitLabel="Post result" busy={add.isPending}>
        <Radio.Group label="Result" {...form.getInputProps('kind')}>
          <Group mt={4}>
            <Radio value="gain" label="Gain" />
            <Radio value="loss" label="Loss" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <UsdInput
            label={loss ? 'Loss' : 'Profit'}
            description={
              loss
                ? 'In USD; taken from the plan’s capital (never more than is left).'
                : 'In USD; posted to the client’s available balance.'
            }
            {...form.getInputProps('profit')}
          />
          <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
        </SimpleGrid>
        <ReasonTextarea
          description="The client reads it with the result."
          {...form.getInputProps('reason')}
        />
      </PlainForm>
    </AdminSection>
  );
}

/**
 * /admin/users/add-profit/:id?name=: the client's active plan with Clear active plan, the Profit and
 * Date form (a `profit` entry and an activity row), then `activity`: the client's trading activity,
 * which web/src/app/router.tsx hands in from the trading-activities feature.
 */
export function AdminAddProfitPage({ activity }: { activity: ReactNode }) {
  const { id, name } = useClientRoute();
  return (
    <Stack gap="md">
      <ClientPageTitle title="Add Profit" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ActivePlanCard userId={id} />
        <AddProfitForm userId={id} name={name} />
      </SimpleGrid>
      {activity}
    </Stack>
  );
}
