/**
 * The browser's check of each history line (docs/transparency.md "What your browser checks"): the
 * line's inclusion proof verified against the signed tree head this page verified, then every
 * shown field compared with the sealed entry the proof carries (common/transparency/history-line.ts),
 * for the signed-in client. And what the page as a whole found: whether any line on screen failed,
 * so that the page shows one alert and no line under it stays green.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { PublicTransaction } from '@common/schemas/transactions';
import { compareLineWithSealed, type LineDifference } from '@common/transparency/history-line';
import { getUser } from '../../lib/session';
import { fetchInclusion } from './api';
import { loadVerifier, useJournalCheck } from './use-journal-check';

/**
 * What the browser found for one history line: `verified` (proof and every compared field hold;
 * `limited` for an entry sealed as a version 1 leaf, which says less), `pending` (not sealed into
 * that head yet), `none` (no entry), `overdue` (posted before the last seal yet left out of the log),
 * `failed` (the proof does not verify), `mismatch` (shown fields differ from the sealed entry).
 */
export type Seal =
  | { state: 'verified'; limited: boolean }
  | { state: 'pending' | 'none' | 'overdue' }
  | { state: 'failed'; reason: string }
  | { state: 'mismatch'; differences: LineDifference[] };

/** The seal states a page alert is raised for. */
const ALARMING: ReadonlySet<Seal['state']> = new Set(['overdue', 'failed', 'mismatch']);

const SEAL_KEY = ['transparency', 'seal'] as const;

/** A line that can have a posted journal entry: not a deposit still pending, rejected or declined. */
function mayBePosted(line: PublicTransaction): boolean {
  return !(line.type === 'deposit' && line.status !== 'approved');
}

/**
 * The check of one line, run when the line is on screen. Its key holds every shown field it
 * compares, so a line shown differently is checked again.
 */
export function useLineSeal(line: PublicTransaction) {
  const journal = useJournalCheck();
  const head = journal.data?.signatureValid ? journal.data.head : null;
  const shown = [line.type, line.direction, line.amount, line.status, line.method, line.date, line.createdAt];
  return useQuery({
    queryKey: [...SEAL_KEY, line._id, head?.size, ...shown],
    enabled: !!head && mayBePosted(line),
    staleTime: Infinity,
    queryFn: async (): Promise<Seal> => {
      const found = await fetchInclusion(line._id, head!.size);
      if (found.kind !== 'proof') return { state: found.kind };
      const verifier = await loadVerifier();
      const reason = verifier.checkInclusion(found.proof, head!);
      if (reason !== null) return { state: 'failed', reason };
      const compared = compareLineWithSealed(line, found.proof.entry, getUser()?._id ?? '');
      if (compared.kind === 'mismatch') return { state: 'mismatch', differences: compared.differences };
      return compared.kind === 'later'
        ? { state: 'pending' }
        : { state: 'verified', limited: compared.limited };
    },
  });
}

/** How many lines on screen raised an alert, by kind. */
export interface LineFindings {
  /** Shown differently from what was sealed, or with a proof that does not verify. */
  differ: number;
  /** Posted before the last seal and left out of the log. */
  overdue: number;
}

/**
 * What the lines on screen (the seal queries with a mounted observer) found, kept up to date as
 * their checks finish.
 */
export function useLineFindings(): LineFindings {
  const cache = useQueryClient().getQueryCache();
  const snapshot = () => {
    let differ = 0;
    let overdue = 0;
    for (const query of cache.findAll({ queryKey: SEAL_KEY, type: 'active' })) {
      const seal = query.state.data as Seal | undefined;
      if (!seal || !ALARMING.has(seal.state)) continue;
      if (seal.state === 'overdue') overdue += 1;
      else differ += 1;
    }
    return `${differ}/${overdue}`;
  };
  const key = useSyncExternalStore((onChange) => cache.subscribe(onChange), snapshot);
  const [differ, overdue] = key.split('/').map(Number);
  return { differ: differ!, overdue: overdue! };
}

/**
 * True when the page shows an alert: a line's check, or the journal's (a head whose signature fails,
 * a journal that is not an extension of the one seen before, or could not be compared). No line is
 * shown green under an alert.
 */
export function usePageAlerted(): boolean {
  const findings = useLineFindings();
  const journal = useJournalCheck().data;
  const journalAlert =
    !!journal && (!journal.signatureValid || ['inconsistent', 'unchecked'].includes(journal.history.kind));
  return journalAlert || findings.differ > 0 || findings.overdue > 0;
}
