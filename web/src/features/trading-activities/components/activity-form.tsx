import { SimpleGrid } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PLAN_KINDS, PLAN_LABELS, PLAN_STATUSES, type PlanStatus } from '@common/constants';
import { updateTradingActivitySchema } from '@common/schemas/plans';
import { ChoiceSelect } from '../../../components/admin/choice-select';
import { PlainForm } from '../../../components/plain-form';
import { UsdInput } from '../../../components/usd-input';
import type { ActivityPayload } from '../api';

const STATUS_LABELS: Record<PlanStatus, string> = { active: 'Active', completed: 'Completed' };

/** The amounts, in USD; the server posts any change of profit to the client's balance. */
const AMOUNT_FIELDS = [
  { name: 'tradeAmount', label: 'Amount', description: 'Trade amount in USD.' },
  { name: 'profit', label: 'Profit', description: 'In USD; a change is posted to the client’s balance.' },
] as const;

/** The choices: the plan (Copy Trading or Investment) and the status (active or completed). */
const CHOICE_FIELDS = [
  { name: 'plan', label: 'Plan', data: PLAN_KINDS.map((value) => ({ value, label: PLAN_LABELS[value] })) },
  {
    name: 'statuss',
    label: 'Status',
    data: PLAN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
  },
] as const;

/** Empty values of the Add form. */
export const NEW_ACTIVITY: ActivityPayload = {
  tradeAmount: '',
  profit: '',
  plan: 'copy_trading',
  statuss: 'active',
};

interface ActivityFormProps {
  initialValues: ActivityPayload;
  submitLabel: string;
  busy: boolean;
  /** Called with the checked values; answers true when saved (the Add form then empties itself). */
  onSave: (values: ActivityPayload) => Promise<boolean>;
  /** Names the form for assistive technology. */
  label: string;
}

/**
 * The admin's trading activity fields: amount, profit, plan, status (active or
 * completed), checked with the API's schema. The profit is in USD; the server posts any change.
 */
export function ActivityForm({ initialValues, submitLabel, busy, onSave, label }: ActivityFormProps) {
  const form = useForm<ActivityPayload>({
    initialValues,
    validate: schemaResolver(updateTradingActivitySchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    if (await onSave(values)) form.setValues(initialValues);
  });
  return (
    <PlainForm onSubmit={submit} label={label} submitLabel={submitLabel} busy={busy}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {AMOUNT_FIELDS.map(({ name, ...field }) => (
          <UsdInput key={name} {...field} {...form.getInputProps(name)} />
        ))}
        {CHOICE_FIELDS.map(({ name, ...field }) => (
          <ChoiceSelect key={name} {...field} {...form.getInputProps(name)} />
        ))}
      </SimpleGrid>
    </PlainForm>
  );
}
