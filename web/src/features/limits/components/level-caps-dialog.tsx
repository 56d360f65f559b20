import { SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { CAP_LABELS, levelCapsSchema, type CapField } from '@common/schemas/limits';
import { formatUsdText, parseUsdCents } from '@common/schemas/money';
import { ReasonTextarea } from '../../../components/admin/reason-textarea';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { UsdInput } from '../../../components/usd-input';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifyMoneyOutcome } from '../../../lib/notify';
import { useUpdateLevel, type LevelCapsForm, type LevelRow } from '../api';

/**
 * Each field on its own (an amount, the reason); the rules across caps (a 30-day cap under the daily
 * one, withdrawals at the e-mail level) are the server's, whose refusal the dialog shows.
 */
const fieldsSchema = z.object(levelCapsSchema.shape);

/** The four caps, in the table's order, with their labels (as the approvals queue names them). */
export const CAP_FIELDS = Object.entries(CAP_LABELS) as [CapField, string][];

/** A saved cap (USD) as the field shows it ("10,000.00"). */
const capText = (usd: number) => formatUsdText(parseUsdCents(usd) ?? 0n);

/** The form of `row`: its caps as text, no reason yet. */
function initialValues(row: LevelRow): LevelCapsForm {
  return {
    depositDay: capText(row.depositDay),
    depositMonth: capText(row.depositMonth),
    withdrawalDay: capText(row.withdrawalDay),
    withdrawalMonth: capText(row.withdrawalMonth),
    reason: '',
  };
}

function CapsForm({ row, onClose }: { row: LevelRow; onClose: () => void }) {
  const update = useUpdateLevel();
  const form = useForm<LevelCapsForm>({
    initialValues: initialValues(row),
    validate: schemaResolver(fieldsSchema, { sync: true }),
  });
  const request = useMutationForm(form, update, {
    variables: (caps: LevelCapsForm) => ({ level: row.level, caps }),
    // a raise by the four-eyes threshold or more over the cap's lowest value of 24 hours is held
    // (202): the toast says it waits
    onSuccess: (answer) => {
      notifyMoneyOutcome(
        answer,
        'title' in answer.data ? `${answer.message}: ${answer.data.title}` : undefined,
      );
      onClose();
    },
  });
  const title = `Edit limits: ${row.title}`;
  return (
    <form onSubmit={request.onSubmit} noValidate aria-label={title}>
      <Stack gap="sm">
        <FormErrorAlert message={request.failure} />
        <Text size="sm" c="dimmed">
          Caps in US dollars; 0 allows nothing. A 30-day cap cannot be lower than the daily one. Lowering a
          cap applies at once; a large raise waits until a second owner approves it. A raise counts from the
          cap's lowest value of the last 24 hours, so raises within a day add up.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {CAP_FIELDS.map(([field, label]) => (
            <UsdInput key={field} label={label} {...form.getInputProps(field)} />
          ))}
        </SimpleGrid>
        <ReasonTextarea
          description="Kept in the audit log with the caps before and after (3 to 500 characters)."
          {...form.getInputProps('reason')}
        />
        <DialogActions onCancel={onClose} submitLabel="Save limits" busy={request.busy} />
      </Stack>
    </form>
  );
}

/**
 * The edit dialog of a verification level's caps (docs/security.md "Limits by verification level"):
 * the four caps in USD and a required reason, sent with PUT /api/limits/levels/:level. A refusal of
 * the server shows above the form; a success toasts and closes (the table refetches); a raise the
 * server held for a second owner (202, four-eyes) toasts "Waiting for approval" and closes, the
 * table unchanged. `row` null:
 * closed. The form is mounted anew for each opening, so it starts from the row's saved caps.
 */
export function LevelCapsDialog({ row, onClose }: { row: LevelRow | null; onClose: () => void }) {
  return (
    <Dialog opened={row !== null} onClose={onClose} title={row ? `Edit limits: ${row.title}` : ''}>
      {row && <CapsForm key={row.level} row={row} onClose={onClose} />}
    </Dialog>
  );
}
