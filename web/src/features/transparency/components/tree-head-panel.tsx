import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { TRANSPARENCY_PIN } from '../pin';
import { useJournalCheck } from '../use-journal-check';
import { FactsTable } from './facts-table';
import { HashText } from './hash-text';
import { JournalWarningFor } from './journal-warning';

/**
 * The latest signed tree head of the journal: size, root hash, time, whether its signatures verified
 * in this browser against the key pinned in the site's code (and the pinned witnesses), the public
 * key with its fingerprint, the pinned key's fingerprint, and the head as a C2SP checkpoint.
 */
export function TreeHeadPanel() {
  const check = useJournalCheck();
  if (check.isPending) return <Skeleton height={180} radius="md" />;
  if (check.isError) {
    return <LoadError what="the signed tree head" error={check.error} onRetry={() => void check.refetch()} />;
  }
  if (!check.data)
    return (
      <Stack gap="sm">
        <Text c="dimmed">
          No entry has been sealed yet: the first tree head comes with the first posting.
        </Text>
        <PinnedKey />
      </Stack>
    );
  const { head, fingerprint, signatureValid } = check.data;
  return (
    <Stack gap="sm">
      {signatureValid ? (
        <Group gap={6} c="teal.9" wrap="nowrap">
          <IconShieldCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={700}>Signature verified in your browser against the pinned key</Text>
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
          ['Log origin', head.origin],
        ]}
      />
      <PinnedKey />
      {head.checkpoint && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            The same head as a checkpoint (C2SP signed note)
          </Text>
          <Code block data-testid="checkpoint" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {head.checkpoint}
          </Code>
        </Stack>
      )}
    </Stack>
  );
}

/** The key pinned in this site's code, as every statement prints it: heads from another key are refused. */
function PinnedKey() {
  if (!TRANSPARENCY_PIN) return null;
  return (
    <FactsTable
      label="Pinned in this site's code"
      rows={[
        ['Pinned key fingerprint', <HashText key="pin" value={TRANSPARENCY_PIN.fingerprint} />],
        [
          'Witnesses required',
          TRANSPARENCY_PIN.witnesses.length
            ? TRANSPARENCY_PIN.witnesses.map((w) => w.split('+')[0]).join(', ')
            : 'none',
        ],
      ]}
    />
  );
}
