import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BusyButton } from '../../../components/busy-button';
import { SectionCard } from '../../../components/section-card';
import { useCan } from '../../../hooks/use-can';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { liabilitiesQuery, usePublishLiabilities } from '../api';

/**
 * The back office's proof-of-liabilities card (on /admin/dashboard): when the latest snapshot was
 * published, its total and accounts, and, for staff who may adjust the ledger, "Publish now", which
 * publishes one at once beside the daily job (POST /transparency/liabilities; docs/transparency.md
 * "Proof of liabilities"). Other staff see the figures only.
 */
export function PublishLiabilities() {
  const can = useCan();
  const latest = useQuery(liabilitiesQuery);
  const publish = usePublishLiabilities();
  const snapshot = latest.data;
  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => notifyError(error.message),
    });
  return (
    <SectionCard
      title="Proof of liabilities"
      aside={
        can('ledger.adjust') ? (
          <BusyButton busy={publish.isPending} onClick={onPublish} size="sm">
            Publish now
          </BusyButton>
        ) : undefined
      }
    >
      <Text size="sm" aria-live="polite">
        {latest.isPending
          ? 'Loading the latest snapshot…'
          : latest.isError
            ? 'The latest snapshot could not be loaded.'
            : snapshot
              ? `Latest snapshot: ${formatDateTime(snapshot.snapshotAt)}, ${formatUsd(snapshot.total)} owed to ${snapshot.accounts.toLocaleString('en-US')} client accounts. Published daily, and here on demand.`
              : 'No snapshot has been published yet. One is published daily, and here on demand.'}
      </Text>
    </SectionCard>
  );
}
