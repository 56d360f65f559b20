import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PLAN_LABELS } from '@common/constants';
import { PLAN_MSG } from '@common/messages';
import { addProfitSchema, durationLabel, type PublicActivePlan } from '@common/schemas/plans';
import { paths } from '../../../app/paths';
import { BusyButton } from '../../../components/busy-button';
import { ClientPageTitle, useNameParam } from '../../../components/client-page-title';
import { confirmAction } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminActivityQuery, adminClientQuery, useAddProfit, useClearPlan } from '../api';
import { activityColumns, ActivityTable, useActivitySearch } from '../components/activity-table';
import { PlanStatusBadge } from '../components/plan-status-badge';

const COLUMNS = [
  activityColumns.tradeAmount('Capital'),
  activityColumns.profit('Profit Added'),
  activityColumns.plan,
  activityColumns.status,
  activityColumns.date,
];

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

/** The client's active plan with Clear active plan, or the original "no plan" text. */
function ActivePlanCard({ userId }: { userId: string }) {
  const client = useQuery(adminClientQuery(userId));
  const clear = useClearPlan();
  const plan = client.data?.activePlan ?? null;
  const run = async () => {
    const confirmed = await confirmAction({
      title: 'Clear active plan',
      message: PLAN_MSG.clearConfirm,
      confirmLabel: 'Clear plan',
      danger: true,
    });
    if (!confirmed) return;
    clear.mutate(userId, {
      onSuccess: () => notifySuccess(PLAN_MSG.planCleared),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
    });
  };

  let body: ReactNode;
  if (client.isPending) body = <Skeleton height={60} radius="sm" />;
  else if (client.isError)
    body = <LoadError what="the client" error={client.error} onRetry={() => void client.refetch()} />;
  else if (!plan) body = <Text c="dimmed">{PLAN_MSG.noActivePlan}</Text>;
  else
    body = (
      <Stack gap="md">
        <PlanFacts plan={plan} />
        <Group>
          <BusyButton variant="outline" color="red.9" onClick={run} busy={clear.isPending}>
            Clear active plan
          </BusyButton>
        </Group>
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="admin-active-plan-title">
      <Title order={2} id="admin-active-plan-title" fz="lg" mb="sm">
        Active Plan
      </Title>
      {body}
      {client.data && (
        <Text size="sm" c="dimmed" mt="sm">
          Balance {formatUsd(client.data.account.balance)} · invested{' '}
          {formatUsd(client.data.account.invested)} · total profit{' '}
          {formatUsd(client.data.account.totalProfit)}
        </Text>
      )}
    </Card>
  );
}

/** Profit and Date: the date defaults to today; "Please add profit amount". */
function AddProfitForm({ userId }: { userId: string }) {
  const add = useAddProfit();
  const idempotency = useIdempotencyKey();
  const form = useForm({
    initialValues: { profit: '' as number | string, date: dayjs().format('YYYY-MM-DD') },
    validate: schemaResolver(addProfitSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    add.mutate(
      {
        userId,
        payload: { profit: values.profit, date: profitDate(values.date) },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: () => {
          idempotency.renew();
          notifySuccess(PLAN_MSG.profitAdded);
          form.setFieldValue('profit', '');
        },
        onError: (error) => notifyError(errorMessage(error, 'Something went wrong')),
      },
    ),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-profit-title">
      <Title order={2} id="add-profit-title" fz="lg" mb="sm">
        Add Profit
      </Title>
      <form onSubmit={submit} noValidate aria-label="Add profit">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <UsdInput
              label="Profit"
              description="In USD; posted to the client’s available balance."
              {...form.getInputProps('profit')}
            />
            <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
          </SimpleGrid>
          <Group>
            <BusyButton type="submit" busy={add.isPending}>
              Add profit
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * /admin/users/add-profit/:id?name=: the client's active plan with Clear active plan,
 * the Profit and Date form (a `profit` entry and an activity row), and their trading activity.
 */
export function AdminAddProfitPage() {
  const { id = '' } = useParams();
  const name = useNameParam();
  const search = useActivitySearch();
  const activity = useQuery(adminActivityQuery(id, search.params));

  return (
    <Stack gap="md">
      <ClientPageTitle title="Add Profit" name={name} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ActivePlanCard userId={id} />
        <AddProfitForm userId={id} />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          Trading Activity
        </Title>
        <Anchor component={Link} to={paths.admin.tradingActivity(id, name)} size="sm">
          Edit trading activity
        </Anchor>
      </Group>
      <ActivityTable
        caption="Trading activity"
        columns={COLUMNS}
        query={activity}
        search={search}
        emptyText={PLAN_MSG.noTradingActivity}
      />
    </Stack>
  );
}
