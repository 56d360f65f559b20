import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NETWORK_LABELS } from '@common/destinations';
import { BENEFICIARY_MSG, type PublicBeneficiary } from '@common/schemas/beneficiaries';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/delete-button';
import { toastOutcome } from '../../../lib/notify';
import { useCancelBeneficiary, useDeleteBeneficiary, useRenameBeneficiary } from '../api';
import { DestinationBadge, usableText } from '../../../components/destination-badge';

/** The destination in one line: the network and address, or the bank account and BIC. */
export function destinationLine(d: PublicBeneficiary): string {
  if (d.kind === 'crypto') return `${d.network ? NETWORK_LABELS[d.network] : ''}: ${d.address}`;
  const account = d.iban ? `IBAN ${d.iban}` : `Account ${d.accountNumber}, routing ${d.routing}`;
  return `${account} · BIC ${d.swift} · ${d.bankName} · ${d.accountName}`;
}

/** A destination card's head: the label and the state's badge on one line, the destination under them. */
export function DestinationSummary({ d }: { d: PublicBeneficiary }) {
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {d.label}
        </Text>
        <DestinationBadge status={d.status} />
      </Group>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {destinationLine(d)}
      </Text>
    </>
  );
}

/** One of the client's destinations: label, badge, details, and rename, cancel (while not usable) and delete. */
export function DestinationCard({ d }: { d: PublicBeneficiary }) {
  const rename = useRenameBeneficiary();
  const cancel = useCancelBeneficiary();
  const remove = useDeleteBeneficiary();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(d.label);
  const cancellable = d.status === 'pending_confirmation' || d.status === 'waiting';
  const onCancel = async () => {
    const ok = await confirmAction({
      title: 'Cancel this destination?',
      message: `"${d.label}" will never receive withdrawals. You can add it again later.`,
      confirmLabel: 'Cancel destination',
      danger: true,
    });
    if (ok)
      cancel.mutate(d._id, toastOutcome(BENEFICIARY_MSG.cancelled, 'The destination could not be cancelled'));
  };
  const when = usableText(d);
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs">
        <DestinationSummary d={d} />
        {when && (
          <Text size="sm" c="dimmed">
            {when}
          </Text>
        )}
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate(
                { id: d._id, label },
                toastOutcome(BENEFICIARY_MSG.renamed, BENEFICIARY_MSG.labelLength, () => setEditing(false)),
              );
            }}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="New label"
                value={label}
                onChange={(e) => setLabel(e.currentTarget.value)}
                maxLength={60}
              />
              <Button type="submit" size="xs" loading={rename.isPending}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                Keep the label
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(true)}
              aria-label={`Rename ${d.label}`}
            >
              Rename
            </Button>
            {cancellable && (
              <Button
                size="xs"
                variant="default"
                loading={cancel.isPending}
                onClick={() => void onCancel()}
                aria-label={`Cancel ${d.label}`}
              >
                Cancel
              </Button>
            )}
            <DeleteButton
              label={`Delete ${d.label}`}
              confirmTitle="Delete this destination?"
              confirmMessage={`"${d.label}" leaves your address book and can no longer receive withdrawals.`}
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  d._id,
                  toastOutcome(BENEFICIARY_MSG.deleted, 'The destination could not be deleted'),
                )
              }
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
