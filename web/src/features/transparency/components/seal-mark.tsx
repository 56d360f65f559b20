import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldQuestion } from '@tabler/icons-react';
import type { PublicTransaction } from '@common/schemas/transactions';
import { describeDifferences } from '@common/transparency/history-line';
import type { Column } from '../../../components/paged-table';
import { useLineSeal, usePageAlerted } from '../line-seal';

const VERIFIED_TITLE =
  'Every field of this line matches its entry in the journal whose signed tree head your browser verified';
const LIMITED_TITLE =
  'Sealed before the journal sealed requests and owners: its amount, type and date match the sealed entry; ' +
  'which request it belongs to and whose accounts it moved are not in its seal';

/** A red mark: "Not verified: …" or "Not sealed: …", the label in bold, what was found after it. */
function AlarmMark({ label, detail }: { label: string; detail: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" c="red.9" maw={300}>
      <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" span>
        <Text fw={700} span inherit>
          {label}
        </Text>{' '}
        {detail}
      </Text>
    </Group>
  );
}

/**
 * A history line's mark (docs/transparency.md "What your browser checks"): "Verified" (a shield
 * and the word) once its inclusion proof verified in this browser and every shown field matched
 * the sealed entry; while the page shows an alert, a grey "Matches, see the alert above" instead,
 * so no line under an alert stays green. "Not verified: shown X, sealed Y" when a shown field
 * differs, "Not verified" with the reason when the proof fails, "Not sealed" for an entry posted
 * before the last seal and left out of the journal, "Pending seal" while it waits for the next
 * seal; nothing while checking or for a deposit that was never posted.
 */
export function SealMark({ line }: { line: PublicTransaction }) {
  const seal = useLineSeal(line).data;
  const alerted = usePageAlerted();
  if (!seal) return null;
  switch (seal.state) {
    case 'verified':
      return alerted ? (
        <Group
          gap={4}
          wrap="nowrap"
          c="gray.8"
          title="This line matches its sealed entry, but this page shows an alert"
        >
          <IconShieldQuestion size={16} aria-hidden />
          <Text size="sm" span>
            Matches, see the alert above
          </Text>
        </Group>
      ) : (
        <Group gap={4} wrap="nowrap" c="teal.9" title={seal.limited ? LIMITED_TITLE : VERIFIED_TITLE}>
          <IconShieldCheck size={16} aria-hidden />
          <Text size="sm" fw={600} span>
            Verified
          </Text>
        </Group>
      );
    case 'pending':
      return (
        <Text size="sm" c="dimmed" span>
          Pending seal
        </Text>
      );
    case 'mismatch':
      return <AlarmMark label="Not verified:" detail={describeDifferences(seal.differences)} />;
    case 'overdue':
      return (
        <AlarmMark label="Not sealed:" detail="posted before the last seal, but left out of the journal" />
      );
    case 'failed':
      return (
        <Group gap={4} wrap="nowrap" c="red.9" title={seal.reason}>
          <IconAlertTriangle size={16} aria-hidden />
          <Text size="sm" fw={600} span>
            Not verified
            <VisuallyHidden>: {seal.reason}</VisuallyHidden>
          </Text>
        </Group>
      );
    default:
      return null;
  }
}

/** The history column of the marks (the router adds it to the client's history page). */
export const sealColumn: Column<PublicTransaction> = {
  header: 'Proof',
  cell: (line) => <SealMark line={line} />,
};
