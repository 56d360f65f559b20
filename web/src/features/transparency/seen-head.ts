/**
 * The last tree head this browser verified, kept in localStorage with its signed checkpoint, so the
 * next visit can ask for the consistency proof from it to the new head (docs/transparency.md "What
 * your browser checks"), and a client shown two heads that do not agree holds both signed
 * checkpoints as evidence. The log is the firm's one journal, so one head serves every account
 * signed in on this browser.
 */
import type { TreeHead } from './api';

const KEY = 'transparency.seenTreeHead';

/**
 * What is kept of a verified head: its size (entries), root hash (hex), time, signing key (hex) and
 * its C2SP checkpoint as signed (null for a head remembered before checkpoints were kept).
 */
export type SeenHead = Pick<TreeHead, 'size' | 'rootHash' | 'timestamp' | 'publicKey'> & {
  checkpoint: string | null;
};

/** The head remembered from an earlier visit, or null (none, unreadable storage or malformed). */
export function readSeenHead(): SeenHead | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { size, rootHash, timestamp, publicKey, checkpoint } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(size) || typeof rootHash !== 'string' || typeof publicKey !== 'string')
      return null;
    if (typeof timestamp !== 'string') return null;
    return {
      size: size as number,
      rootHash,
      timestamp,
      publicKey,
      checkpoint: typeof checkpoint === 'string' ? checkpoint : null,
    };
  } catch {
    return null;
  }
}

/** Remembers `head` (already verified) for the next visit; quietly skipped when storage is refused. */
export function rememberHead({ size, rootHash, timestamp, publicKey, checkpoint }: SeenHead): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ size, rootHash, timestamp, publicKey, checkpoint }));
  } catch {
    // private mode or a full storage: the next visit simply has nothing to compare with
  }
}

/**
 * The evidence of a journal that changed: both signed checkpoints, the one seen before and the one
 * shown now, as one text file a client can keep and show to anyone (each verifies on its own with
 * the published key).
 */
export function evidenceText(previous: SeenHead, current: SeenHead): string {
  const part = (title: string, head: SeenHead) =>
    `${title}: ${head.size} entries, root ${head.rootHash}, signed ${head.timestamp}, key ${head.publicKey}\n` +
    (head.checkpoint ?? '(this head was remembered without its checkpoint)\n');
  return `${part('Seen before', previous)}\n${part('Shown now', current)}`;
}
