/**
 * The last tree head this browser verified, kept in localStorage, so the next visit can ask for the
 * consistency proof from it to the new head (docs/transparency.md "The journal only grows"). The
 * log is the firm's one journal, so one head serves every account signed in on this browser.
 */
import type { TreeHead } from './api';

const KEY = 'transparency.seenTreeHead';

/** What is kept of a verified head: its size (entries), root hash (hex), time and signing key (hex). */
export type SeenHead = Pick<TreeHead, 'size' | 'rootHash' | 'timestamp' | 'publicKey'>;

/** The head remembered from an earlier visit, or null (none, unreadable storage or malformed). */
export function readSeenHead(): SeenHead | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { size, rootHash, timestamp, publicKey } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(size) || typeof rootHash !== 'string' || typeof publicKey !== 'string')
      return null;
    if (typeof timestamp !== 'string') return null;
    return { size: size as number, rootHash, timestamp, publicKey };
  } catch {
    return null;
  }
}

/** Remembers `head` (already verified) for the next visit; quietly skipped when storage is refused. */
export function rememberHead({ size, rootHash, timestamp, publicKey }: SeenHead): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ size, rootHash, timestamp, publicKey }));
  } catch {
    // private mode or a full storage: the next visit simply has nothing to compare with
  }
}
