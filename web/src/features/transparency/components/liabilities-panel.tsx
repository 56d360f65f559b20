import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { liabilitiesQuery } from '../api';
import { EarlierSnapshots } from './earlier-snapshots';
import { FactsTable } from './facts-table';
import { HashText } from './hash-text';

/**
 * The latest published liabilities snapshot (when, the total owed to clients, how many accounts and
 * leaves, its cut in the journal's log, the root hash), then the earlier ones.
 */
export function LiabilitiesPanel() {
  const query = useQuery(liabilitiesQuery);
  if (query.isPending) return <Skeleton height={140} radius="md" />;
  if (query.isError) {
    return (
      <LoadError what="the liabilities snapshot" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const snapshot = query.data;
  if (!snapshot) return <Text c="dimmed">No liabilities snapshot has been published yet.</Text>;
  return (
    <>
      <FactsTable
        label="Latest liabilities snapshot"
        rows={[
          ['Taken at', formatDateTime(snapshot.snapshotAt)],
          ['Total owed to clients', formatUsd(snapshot.total)],
          ['Client accounts', snapshot.accounts.toLocaleString('en-US')],
          ['Leaves in the tree', snapshot.leaves.toLocaleString('en-US')],
          [
            'Journal cut',
            snapshot.cutSize === null
              ? 'Not tied to the journal (an early snapshot)'
              : `The journal's first ${snapshot.cutSize.toLocaleString('en-US')} leaves`,
          ],
          ['Root hash', <HashText key="root" value={snapshot.rootHash} />],
        ]}
      />
      <EarlierSnapshots />
    </>
  );
}
