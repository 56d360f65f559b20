import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PLAN_MSG } from '@common/messages';
import type { PublicTradingActivity } from '@common/schemas/plans';
import { ConfirmedButton } from '../../../components/admin/confirmed-button';
import { ClientPageTitle } from '../../../components/admin/client-page';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { Can } from '../../../components/can';
import { CollapsiblePanel } from '../../../components/collapsible-panel';
import { Dialog } from '../../../components/dialog';
import type { Column } from '../../../components/paged-table';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { errorMessage, type MessageAnswer } from '../../../lib/api-client';
import { notifyError, notifyMoneyOutcome } from '../../../lib/notify';
import { useCreateActivity, useDeleteActivity, useUpdateActivity, type ActivityPayload } from '../api';
import { ActivityForm, NEW_ACTIVITY } from '../components/activity-form';
import { activityColumns, ClientActivityTable } from '../components/activity-table';

/**
 * Toasts the server's message (or, for a change held for four-eyes approval, that it waits) or the
 * request's error; answers whether the request was taken (saved, or queued for approval).
 */
const toastSaved = (request: Promise<MessageAnswer>) =>
  request.then(
    (answer) => {
      notifyMoneyOutcome(answer);
      return true;
    },
    (error: unknown) => {
      notifyError(errorMessage(error, 'Something went wrong'));
      return false;
    },
  );

/** The collapsible Add form: a new activity for this client; its profit is posted. */
function AddActivityForm({ userId }: { userId: string }) {
  const create = useCreateActivity();
  const idempotency = useIdempotencyKey();
  const save = async (payload: ActivityPayload) => {
    const saved = await toastSaved(create.mutateAsync({ userId, payload, idempotencyKey: idempotency.key }));
    if (saved) idempotency.renew();
    return saved;
  };
  return (
    <CollapsiblePanel id="add-trading-activity" label="Add Trading Activity">
      <Stack mt="sm">
        <ActivityForm
          label="Add trading activity"
          initialValues={NEW_ACTIVITY}
          submitLabel="Add activity"
          busy={create.isPending}
          onSave={save}
        />
      </Stack>
    </CollapsiblePanel>
  );
}

/** The Update modal, titled "Complete Pickup" as in the original product. */
function UpdateModal({ activity, onClose }: { activity: PublicTradingActivity | null; onClose: () => void }) {
  const update = useUpdateActivity();
  const save = async (payload: ActivityPayload) => {
    if (await toastSaved(update.mutateAsync({ id: activity!._id, payload }))) onClose();
    return false;
  };
  return (
    <Dialog opened={activity !== null} onClose={onClose} title="Complete Pickup">
      {activity && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A change of profit posts the difference to the client’s balance; lowering it is refused when their
            available balance no longer covers it.
          </Text>
          <ActivityForm
            key={activity._id}
            label="Update trading activity"
            initialValues={{
              tradeAmount: activity.tradeAmount,
              profit: activity.profit,
              plan: activity.plan,
              statuss: activity.status,
            }}
            submitLabel="Update"
            busy={update.isPending}
            onSave={save}
          />
        </Stack>
      )}
    </Dialog>
  );
}

const DELETE_CONFIRMATION = {
  title: 'Delete trading activity',
  message: PLAN_MSG.deleteActivityConfirm,
  confirmLabel: 'Delete',
  danger: true,
};

function DeleteButton({ activity }: { activity: PublicTradingActivity }) {
  const remove = useDeleteActivity();
  return (
    <ConfirmedButton confirmation={DELETE_CONFIRMATION} mutation={remove} variables={activity._id}>
      Delete
    </ConfirmedButton>
  );
}

/**
 * /admin/trading-activity/:id?name=: a client's trading activity with the collapsible
 * Add form, Update ("Complete Pickup") and Delete. A change of profit posts the difference to the
 * ledger, so the client's figures always equal their entries (docs/product.md). Adding, updating
 * and deleting need `tradingActivity.edit`; other roles read the table.
 */
export function AdminTradingActivityPage() {
  const { id } = useClientRoute();
  const [editing, setEditing] = useState<PublicTradingActivity | null>(null);

  const columns: Column<PublicTradingActivity>[] = [
    activityColumns.tradeAmount('Amount'),
    activityColumns.profit('Profit'),
    activityColumns.reason,
    activityColumns.plan,
    activityColumns.status,
    activityColumns.date,
    {
      header: 'Update',
      nowrap: true,
      actions: true,
      permission: 'tradingActivity.edit',
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(a)}>
            Update
          </Button>
          <DeleteButton activity={a} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ClientPageTitle title="Trading Activity" />
      <Can permission="tradingActivity.edit">
        <AddActivityForm userId={id} />
      </Can>
      <ClientActivityTable userId={id} columns={columns} exportable />
      <UpdateModal activity={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
