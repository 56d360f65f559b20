import '@mantine/core/styles/Skeleton.layer.css';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { useJournalCheck } from '../use-journal-check';
import { FactsTable } from './facts-table';
import { HashText } from './hash-text';
import { JournalWarningFor } from './journal-warning';

/**
 * The latest signed tree head of the journal: size, root hash, time, whether its signature verified
 * in this browser, and the public key with its fingerprint.
 */
export function TreeHeadPanel() {
  const check = useJournalCheck();
  if (check.isPending) return <Skeleton height={180} radius="md" />;
  if (check.isError) {
    return <LoadError what="the signed tree head" error={check.error} onRetry={() => void check.refetch()} />;
  }
  if (!check.data)
    return (
      <Text c="dimmed">No entry has been sealed yet: the first tree head comes with the first posting.</Text>
    );
  const { head, fingerprint, signatureValid } = check.data;
  return (
    <Stack gap="sm">
      {signatureValid ? (
        <Group gap={6} c="teal.9" wrap="nowrap">
          <IconShieldCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={700}>Signature verified in your browser</Text>
        </Group>
      ) : (
        <Group gap={6} c="red.9" wrap="nowrap">
          <IconAlertTriangle size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={700}>Signature does not verify</Text>
        </Group>
      )}
      <JournalWarningFor check={check.data} />
      <FactsTable
        label="Signed tree head"
        rows={[
          ['Entries', head.size.toLocaleString('en-US')],
          ['Root hash', <HashText key="root" value={head.rootHash} />],
          ['Signed at', formatDateTime(new Date(head.timestamp).toISOString())],
          ['Public key', <HashText key="key" value={head.publicKey} />],
          ['Key fingerprint', <HashText key="fp" value={fingerprint} />],
        ]}
      />
    </Stack>
  );
}
