/**
 * The transparency key's history (docs/transparency.md "The key and its history"): the list of every
 * key that has signed for this deployment, oldest first, each after the first certified by the one
 * before it, so a key pinned once (in the web build, in a note) leads to today's key, and a statement
 * or tree head signed by a retired key still verifies.
 *
 *   entry       = { publicKey: 64 hex, since: ISO 8601 UTC, signature: 128 hex | null }
 *   certificate = Ed25519 of the previous key over
 *                 "broker-transparency-key-rotation-v1\n<previous public key hex>\n<public key hex>\n<since>\n"
 *
 * The first entry has no certificate (signature null). Pure and browser-safe.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { KEY_ROTATION_CONTEXT } from './signing-contexts';

/** One key of the history. */
export interface KeyHistoryEntry {
  /** The Ed25519 public key, 64 lowercase hex. */
  publicKey: string;
  /** From when it signs (ISO 8601 UTC). */
  since: string;
  /** The previous key's Ed25519 signature of the rotation (128 hex); null for the first key. */
  signature: string | null;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** SHA-256 of a public key's 32 bytes, 64 lowercase hex: the key's fingerprint. '' when malformed. */
export function keyFingerprint(publicKey: string): string {
  return HEX64.test(publicKey) ? bytesToHex(sha256(hexToBytes(publicKey))) : '';
}

/** The bytes the previous key signs to hand over to the next (see the header). */
export function keyRotationBytes(previousKey: string, publicKey: string, since: string): Uint8Array {
  return new TextEncoder().encode(`${KEY_ROTATION_CONTEXT}${previousKey}\n${publicKey}\n${since}\n`);
}

/**
 * Checks a history: well-formed, times increasing, each entry after the first certified by the one
 * before. Answers null when it holds, else what is wrong in words.
 */
export function checkKeyHistory(history: readonly KeyHistoryEntry[]): string | null {
  if (history.length === 0) return 'the key history is empty';
  for (const [i, entry] of history.entries()) {
    if (!HEX64.test(entry.publicKey)) return `key ${i + 1}: not a 32-byte public key in hex`;
    if (Number.isNaN(Date.parse(entry.since))) return `key ${i + 1}: "since" is not a time`;
    if (i === 0) continue;
    const previous = history[i - 1]!;
    if (Date.parse(entry.since) <= Date.parse(previous.since)) return `key ${i + 1}: not later than key ${i}`;
    let ok: boolean;
    try {
      ok =
        entry.signature !== null &&
        /^[0-9a-f]{128}$/.test(entry.signature) &&
        ed25519.verify(
          hexToBytes(entry.signature),
          keyRotationBytes(previous.publicKey, entry.publicKey, entry.since),
          hexToBytes(previous.publicKey),
        );
    } catch {
      ok = false;
    }
    if (!ok) return `key ${i + 1}: its rotation is not signed by key ${i}`;
  }
  return null;
}

/**
 * The keys a holder of `pinnedKey` may trust: the pinned key and every later key of a history
 * that checks out (checkKeyHistory), each certified by the one before. Only the pinned key when the
 * history is broken or does not hold it.
 */
export function keysTrustedFrom(pinnedKey: string, history: readonly KeyHistoryEntry[]): string[] {
  const at = history.findIndex((e) => e.publicKey === pinnedKey);
  if (at < 0 || checkKeyHistory(history) !== null) return [pinnedKey];
  return history.slice(at).map((e) => e.publicKey);
}
