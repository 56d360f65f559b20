import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import type { PublicTransaction } from '@common/schemas/transactions';
import type { Column } from '../../../components/paged-table';
import { fetchInclusion } from '../api';
import { loadVerifier, useJournalCheck } from '../use-journal-check';

/** What the browser found for one history line. */
type Seal = { state: 'verified' | 'pending' | 'none' } | { state: 'failed'; reason: string };

/** A line that can have a posted journal entry: not a deposit still pending, rejected or declined. */
function mayBePosted(line: PublicTransaction): boolean {
  return !(line.type === 'deposit' && line.status !== 'approved');
}

/**
 * The check of one line, run when the line is on screen: its inclusion proof fetched and verified in
 * the browser against the signed tree head this page verified (docs/transparency.md).
 */
function useLineSeal(line: PublicTransaction) {
  const journal = useJournalCheck();
  const head = journal.data?.signatureValid ? journal.data.head : null;
  return useQuery({
    queryKey: ['transparency', 'seal', line._id, head?.size],
    enabled: !!head && mayBePosted(line),
    staleTime: Infinity,
    queryFn: async (): Promise<Seal> => {
      const found = await fetchInclusion(line._id, head!.size);
      if (found.kind !== 'proof') return { state: found.kind };
      const verifier = await loadVerifier();
      const reason = verifier.checkInclusion(found.proof, head!);
      return reason === null ? { state: 'verified' } : { state: 'failed', reason };
    },
  });
}

/**
 * A history line's mark: "Verified" (a shield and the word) once its inclusion proof verified in
 * this browser, "Pending seal" while its entry waits for the next seal, "Not verified" (with the
 * reason as its title, and read out after it) when the proof fails; nothing while checking or for a
 * deposit that was never posted.
 */
export function SealMark({ line }: { line: PublicTransaction }) {
  const seal = useLineSeal(line);
  const state = seal.data?.state;
  if (state === 'verified') {
    return (
      <Group
        gap={4}
        wrap="nowrap"
        c="teal.9"
        title="Included in the journal whose signed tree head your browser verified"
      >
        <IconShieldCheck size={16} aria-hidden />
        <Text size="sm" fw={600} span>
          Verified
        </Text>
      </Group>
    );
  }
  if (state === 'pending') {
    return (
      <Text size="sm" c="dimmed" span>
        Pending seal
      </Text>
    );
  }
  if (seal.data?.state === 'failed') {
    return (
      <Group gap={4} wrap="nowrap" c="red.9" title={seal.data.reason}>
        <IconAlertTriangle size={16} aria-hidden />
        <Text size="sm" fw={600} span>
          Not verified
          <VisuallyHidden>: {seal.data.reason}</VisuallyHidden>
        </Text>
      </Group>
    );
  }
  return null;
}

/** The history column of the marks (the router adds it to the client's history page). */
export const sealColumn: Column<PublicTransaction> = {
  header: 'Proof',
  nowrap: true,
  cell: (line) => <SealMark line={line} />,
};
