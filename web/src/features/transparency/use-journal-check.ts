/**
 * The browser's own check of the journal (docs/transparency.md "The verifiable journal",
 * "Checkpoints"): fetch the signed tree head once, check it against the key pinned in this site's
 * code (or a later key the published history certifies from it) and the pinned witnesses'
 * cosignatures, and, when this browser saw a head before, check with the consistency proof that the
 * old tree is a prefix of the new one. The crypto (verify.ts, checkpoint-check.ts) is downloaded
 * only here, when a page runs a check.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeysAnswer, TreeHeadView } from '@common/schemas/transparency-log';
import { api } from '../../lib/api-client';
import { fetchConsistency, treeHeadQuery } from './api';
import { TRANSPARENCY_PIN } from './pin';
import { readSeenHead, rememberHead, type SeenHead } from './seen-head';

/** Loads the verifier's code (its own chunk: noble's curves and hashes). */
export const loadVerifier = () => import('./verify');

/**
 * How the new head relates to the one seen before: `first` (nothing seen before), `same` (the same
 * head), `consistent` (the old tree is a prefix of the new), `inconsistent` (it is not, or the log
 * shrank: both signed heads are kept for the client to download), `unchecked` (the proof could not
 * be fetched: say so, never a silent pass).
 */
export type HistoryCheck =
  | { kind: 'first' | 'same' | 'consistent' }
  | { kind: 'inconsistent'; previous: SeenHead; current: SeenHead; reason: string }
  | { kind: 'unchecked'; previous: SeenHead; reason: string };

/** The outcome of the journal check: the head, whether its signatures verified, and the history check. */
export interface JournalCheck {
  head: TreeHeadView;
  /** The signing key's fingerprint (hex of SHA-256 of the public key). */
  fingerprint: string;
  /** The fingerprint of the key pinned in this site's code (printed on every statement). */
  pinnedFingerprint: string;
  signatureValid: boolean;
  /** What failed when the signatures do not hold, in words; null when they do. */
  signatureProblem: string | null;
  history: HistoryCheck;
}

/** What is remembered of a verified head. */
const seenOf = (head: TreeHeadView): SeenHead => ({
  size: head.size,
  rootHash: head.rootHash,
  timestamp: head.timestamp,
  publicKey: head.publicKey,
  checkpoint: head.checkpoint,
});

async function compareWithSeen(head: TreeHeadView): Promise<HistoryCheck> {
  const previous = readSeenHead();
  const verifier = await loadVerifier();
  if (!previous) return { kind: 'first' };
  const current = seenOf(head);
  const inconsistent = (reason: string): HistoryCheck => ({
    kind: 'inconsistent',
    previous,
    current,
    reason,
  });
  if (previous.size === head.size) {
    return previous.rootHash === head.rootHash
      ? { kind: 'same' }
      : inconsistent('the same number of entries has a different root hash');
  }
  if (previous.size > head.size) return inconsistent('the journal has fewer entries than before');
  let proof;
  try {
    proof = await fetchConsistency(previous.size, head.size);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the consistency proof could not be fetched';
    return { kind: 'unchecked', previous, reason };
  }
  return verifier.checkConsistency(previous, head, proof.proof)
    ? { kind: 'consistent' }
    : inconsistent('the consistency proof does not verify');
}

/**
 * Fetches and checks the signed tree head and its consistency with the head this browser saw before;
 * remembers the new head (with its signed checkpoint) only when both hold (a failed check keeps the
 * old one, so the warning stays until it is explained). Runs once per page load (never refetched on
 * its own). Answers null before the first seal (no head yet).
 */
export function useJournalCheck() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['transparency', 'journal-check'],
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: async (): Promise<JournalCheck | null> => {
      const head = await queryClient.fetchQuery(treeHeadQuery);
      if (!head) return null;
      const [verifier, { checkSignedHead }, keys] = await Promise.all([
        loadVerifier(),
        import('./checkpoint-check'),
        api.get<KeysAnswer>('/transparency/keys'),
      ]);
      const signed = checkSignedHead(head, TRANSPARENCY_PIN, keys.history);
      const result = {
        head,
        fingerprint: verifier.keyFingerprint(head.publicKey),
        pinnedFingerprint: signed.pinnedFingerprint,
        signatureValid: signed.problem === null,
        signatureProblem: signed.problem,
      };
      if (!result.signatureValid) return { ...result, history: { kind: 'first' } };
      const history = await compareWithSeen(head);
      if (history.kind !== 'inconsistent' && history.kind !== 'unchecked') rememberHead(seenOf(head));
      return { ...result, history };
    },
  });
}
