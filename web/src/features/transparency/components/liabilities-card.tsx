import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BorderedSection } from '../../../components/bordered-section';
import { LoadError } from '../../../components/load-error';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { accountFiguresQuery, currentUserQuery } from '../../../lib/user-queries';
import { fetchLiabilitiesProof, liabilitiesQuery } from '../api';
import type { LiabilitiesVerdict } from '@common/transparency/liabilities-check';
import { loadVerifier, useJournalCheck } from '../use-journal-check';
import { WarningAlert } from './warning-alert';

/**
 * The client's proof of liabilities, checked in the browser (common/transparency/liabilities-check.ts):
 * the proof is compared with the latest snapshot published for everyone (read apart from the proof,
 * so the proof cannot bring its own), the journal head this page verified (useJournalCheck), the
 * signed-in user's id and their account value now (GET /ledger/account, read fresh). Null before
 * the first snapshot. While a seal is awaited, the journal is checked again every WAIT_RETRY_MS.
 */
function useLiabilitiesCheck() {
  const queryClient = useQueryClient();
  const journal = useJournalCheck();
  const query = useVerdict(journal);
  // waiting for a seal: check the journal again a little later (a new head brings a new proof)
  const waiting = query.data?.kind === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['transparency', 'journal-check'] }),
      WAIT_RETRY_MS,
    );
    return () => clearTimeout(timer);
  }, [waiting, journal.dataUpdatedAt, queryClient]);
  return query;
}

/** How long the card waits before checking the journal again while a seal is awaited (ms). */
const WAIT_RETRY_MS = 3000;

/** The verdict for the journal check's head (see useLiabilitiesCheck). */
function useVerdict(journal: ReturnType<typeof useJournalCheck>) {
  const queryClient = useQueryClient();
  const checked = journal.data;
  const head =
    checked && checked.signatureValid && checked.history.kind !== 'inconsistent'
      ? { size: checked.head.size, rootHash: checked.head.rootHash }
      : null;
  return useQuery({
    queryKey: ['transparency', 'liabilities-check', head?.size ?? null],
    enabled: !journal.isPending,
    staleTime: Infinity,
    queryFn: async (): Promise<LiabilitiesVerdict | null> => {
      // a posting between reading the figures and the proof can make them disagree once: a failed
      // check is read again before it is shown
      let verdict: LiabilitiesVerdict | null = null;
      for (let attempt = 0; attempt < 2 && (verdict === null || verdict.kind === 'failed'); attempt += 1) {
        const [latest, user, figures] = await Promise.all([
          queryClient.fetchQuery({ ...liabilitiesQuery, staleTime: 0 }),
          queryClient.fetchQuery(currentUserQuery),
          queryClient.fetchQuery({ ...accountFiguresQuery, staleTime: 0 }),
        ]);
        if (!latest) return null;
        const [proof, verifier] = await Promise.all([fetchLiabilitiesProof(head?.size), loadVerifier()]);
        if (!proof) return null;
        const accountValueCents = BigInt(
          Math.round((figures.balance + figures.held + figures.invested) * 100),
        );
        verdict = verifier.checkLiabilitiesProof({
          proof,
          latest,
          head,
          clientId: user._id,
          accountValueCents,
        });
      }
      return verdict;
    },
  });
}

/** A red alert: what failed, in words, and what to do. */
function Failed({ title, message }: { title: string; message: string }) {
  return (
    <WarningAlert tone="red" title={title}>
      <Text size="sm">{message}</Text>
    </WarningAlert>
  );
}

/** A neutral line (not checked yet, or not in this snapshot yet). */
function Neutral({ message }: { message: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconClockHour4 size={20} color="var(--mantine-color-gray-7)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed">
        {message}
      </Text>
    </Group>
  );
}

/** The verdict in words. */
function Verdict({ verdict }: { verdict: LiabilitiesVerdict }) {
  switch (verdict.kind) {
    case 'included':
      return (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconShieldCheck
            size={22}
            color="var(--mantine-color-teal-8)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Text size="sm">
            Your account value of <strong>{formatUsd(Number(verdict.totalCents) / 100)}</strong> is included
            in the published total of <strong>{formatUsd(verdict.publishedTotal)}</strong> (snapshot of{' '}
            {formatDateTime(verdict.snapshotAt)}).
          </Text>
        </Group>
      );
    case 'missing':
      return <Failed title="You are missing from the proof" message={verdict.message} />;
    case 'failed':
      return (
        <Failed title="Your proof does not verify" message={`${verdict.message} Please contact support.`} />
      );
    default:
      return <Neutral message={verdict.message} />;
  }
}

/**
 * The account home's card: "Your account value of $X is included in the published total of $Y" once the
 * browser verified the client's proof against the latest snapshot and the journal; a neutral line
 * while a seal is awaited or when the client opened their account after the snapshot; a red alert
 * with what failed otherwise.
 */
export function LiabilitiesCard() {
  const headingId = useId();
  const query = useLiabilitiesCheck();
  let body;
  if (query.isPending) {
    body = <Skeleton height={48} radius="sm" />;
  } else if (query.isError) {
    body = (
      <LoadError what="your proof of liabilities" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = (
      <Text size="sm" c="dimmed">
        No proof of liabilities has been published yet.
      </Text>
    );
  } else {
    body = <Verdict verdict={query.data} />;
  }
  return (
    <BorderedSection aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Proof of liabilities
        </Title>
        {body}
        <Anchor component={Link} to={paths.transparency} size="sm">
          What this proof shows
        </Anchor>
      </Stack>
    </BorderedSection>
  );
}
