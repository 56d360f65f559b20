/**
 * The browser's own check of the journal (docs/transparency.md "The verifiable journal"): fetch the
 * signed tree head once, check its Ed25519 signature against the key it names, and, when this browser
 * saw a head before, check with the consistency proof that the old tree is a prefix of the new one.
 * The crypto (verify.ts) is downloaded only here, when a page runs a check.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchConsistency, treeHeadQuery, type TreeHead } from './api';
import { readSeenHead, rememberHead, type SeenHead } from './seen-head';

/** Loads the verifier's code (its own chunk: noble's curves and hashes). */
export const loadVerifier = () => import('./verify');

/**
 * How the new head relates to the one seen before: `first` (nothing seen before), `same` (the same
 * head), `consistent` (the old tree is a prefix of the new), `inconsistent` (it is not, or the log
 * shrank), `unchecked` (the proof could not be fetched: say so, never a silent pass).
 */
export type HistoryCheck =
  | { kind: 'first' | 'same' | 'consistent' }
  | { kind: 'inconsistent'; previous: SeenHead; reason: string }
  | { kind: 'unchecked'; previous: SeenHead; reason: string };

/** The outcome of the journal check: the head, whether its signature verified, and the history check. */
export interface JournalCheck {
  head: TreeHead;
  /** The key's fingerprint (hex of SHA-256 of the public key). */
  fingerprint: string;
  signatureValid: boolean;
  history: HistoryCheck;
}

async function compareWithSeen(head: TreeHead): Promise<HistoryCheck> {
  const previous = readSeenHead();
  const verifier = await loadVerifier();
  if (!previous) return { kind: 'first' };
  if (previous.publicKey !== head.publicKey) {
    return { kind: 'inconsistent', previous, reason: 'the journal is now signed with another key' };
  }
  if (previous.size === head.size) {
    return previous.rootHash === head.rootHash
      ? { kind: 'same' }
      : { kind: 'inconsistent', previous, reason: 'the same number of entries has a different root hash' };
  }
  if (previous.size > head.size) {
    return { kind: 'inconsistent', previous, reason: 'the journal has fewer entries than before' };
  }
  let proof;
  try {
    proof = await fetchConsistency(previous.size, head.size);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the consistency proof could not be fetched';
    return { kind: 'unchecked', previous, reason };
  }
  return verifier.checkConsistency(previous, head, proof.proof)
    ? { kind: 'consistent' }
    : { kind: 'inconsistent', previous, reason: 'the consistency proof does not verify' };
}

/**
 * Fetches and checks the signed tree head and its consistency with the head this browser saw before;
 * remembers the new head only when both hold (a failed check keeps the old one, so the warning
 * stays until it is explained). Runs once per page load (never refetched on its own). Answers null
 * before the first seal (no head yet).
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
      const verifier = await loadVerifier();
      const signatureValid = verifier.checkTreeHead(head);
      const fingerprint = verifier.keyFingerprint(head.publicKey);
      if (!signatureValid) {
        return { head, fingerprint, signatureValid, history: { kind: 'first' } };
      }
      const history = await compareWithSeen(head);
      if (history.kind !== 'inconsistent' && history.kind !== 'unchecked') rememberHead(head);
      return { head, fingerprint, signatureValid, history };
    },
  });
}
