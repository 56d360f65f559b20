/**
 * The browser's verifier (loaded on demand: noble's Ed25519 and SHA-256 are kept out of the first
 * download). Each check recomputes from the answer's own bytes with the pure functions the server
 * uses to build them (common/transparency), and never trusts a flag the server sends:
 * the tree head's Ed25519 signature (RFC 8032), an entry's inclusion proof and the consistency proof
 * between two heads (RFC 9162 §2.1.3.2 and §2.1.4.2), and a client's proof of liabilities
 * (liabilities-check.ts, docs/transparency.md).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { verifyTreeHead } from '@common/transparency/journal';
import { sealedLeafHash, type SealedEntry } from '@common/transparency/leaves';
import { verifyConsistency, verifyInclusion } from '@common/transparency/merkle';
import type { InclusionProof, TreeHead } from './api';
import type { SeenHead } from './seen-head';

const HEX = /^(?:[0-9a-f]{2})+$/;

/** SHA-256 of the public key's bytes (hex): the fingerprint /transparency shows. '' for a malformed key. */
export function keyFingerprint(publicKeyHex: string): string {
  return HEX.test(publicKeyHex) ? bytesToHex(sha256(hexToBytes(publicKeyHex))) : '';
}

/** True when the head's Ed25519 signature verifies with the key it names over the signed bytes. */
export function checkTreeHead(head: TreeHead): boolean {
  return verifyTreeHead(head, head.publicKey);
}

/**
 * Checks an entry's inclusion proof against a verified head: the proof must be for that head's
 * size, the leaf hash must be the hash of the entry the answer carries (recomputed here from its
 * canonical form), and the audit path must lead from the leaf to the head's root. Answers null when
 * it holds, else the reason in words.
 */
export function checkInclusion(proof: InclusionProof, head: TreeHead): string | null {
  if (proof.treeSize !== head.size) return 'the proof is for another tree head';
  if (leafOf(proof.entry) !== proof.leafHash) return 'the entry does not hash to its leaf';
  return verifyInclusion(proof.leafHash, proof.leafIndex, head.size, proof.auditPath, head.rootHash)
    ? null
    : 'the audit path does not lead to the signed root';
}

/** The entry's leaf hash recomputed here in its leaf's version, or null for a malformed entry. */
function leafOf(entry: SealedEntry): string | null {
  try {
    return sealedLeafHash(entry);
  } catch {
    return null;
  }
}

/** True when `proof` shows the tree of the head seen before is a prefix of `head`'s tree. */
export function checkConsistency(previous: SeenHead, head: TreeHead, proof: string[]): boolean {
  return verifyConsistency(previous.size, head.size, previous.rootHash, head.rootHash, proof);
}

/** The client's proof of liabilities (common/transparency/liabilities-check.ts), in this chunk with the crypto it needs. */
export { checkLiabilitiesProof } from '@common/transparency/liabilities-check';
