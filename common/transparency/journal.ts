/**
 * The exact bytes of the verifiable journal (docs/transparency.md "Checking by hand"): what a leaf
 * of the Merkle log (merkle.ts) is made of, and what a tree head's Ed25519 signature covers. Pure
 * and browser-safe: the server seals and signs with these, the client area recomputes a leaf hash
 * from the entry it shows and checks a tree head's signature with the published key.
 *
 * Leaf bytes: the UTF-8 bytes of the entry's canonical JSON, no spaces, keys in this order:
 *   {"id":"<entry uuid>","type":"<entry type>","effectiveAt":"<ISO 8601 UTC, ms>","memo":"<memo>",
 *    "lines":[{"accountId":"<ledger account uuid>","amount":"<signed cents>"},...],
 *    "reverses":"<uuid of the reversed entry>" | null}
 * strings escaped as JSON.stringify does; amounts as decimal strings of integer cents; lines sorted
 * by account id, then by amount (numerically). Leaf hash = SHA-256(0x00 || those bytes).
 *
 * Tree head bytes: ASCII, four lines each ending in "\n":
 *   "broker-transparency-tree-head-v1\n<size>\n<root hash, 64 lowercase hex>\n<timestamp>\n"
 * with size in decimal and the timestamp exactly as published (ISO 8601 UTC with milliseconds).
 * Signature = Ed25519 (RFC 8032) over those bytes, published as 128 lowercase hex characters.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { leafHash } from './merkle';

/** One journal entry as the log seals it (amounts in integer cents, as decimal strings). */
export interface CanonicalEntry {
  id: string;
  type: string;
  /** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString writes it. */
  effectiveAt: string;
  memo: string;
  lines: { accountId: string; amount: string }[];
  reverses: string | null;
}

/** The first line of the signed tree head bytes (names the format and its version). */
export const TREE_HEAD_PREFIX = 'broker-transparency-tree-head-v1';

const compareLines = (a: CanonicalEntry['lines'][number], b: CanonicalEntry['lines'][number]): number => {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  const [x, y] = [BigInt(a.amount), BigInt(b.amount)];
  return x === y ? 0 : x < y ? -1 : 1;
};

/**
 * The entry's canonical JSON text (see the header): fixed key order, lines sorted. Throws a
 * SyntaxError when an amount is not an integer written in decimal.
 */
export function canonicalEntryJson(entry: CanonicalEntry): string {
  const lines = entry.lines
    .map((l) => {
      if (!/^-?\d+$/.test(l.amount)) throw new SyntaxError(`Amount ${l.amount} is not integer cents`);
      return { accountId: l.accountId, amount: BigInt(l.amount).toString() };
    })
    .sort(compareLines)
    .map((l) => `{"accountId":${JSON.stringify(l.accountId)},"amount":${JSON.stringify(l.amount)}}`);
  return (
    `{"id":${JSON.stringify(entry.id)},"type":${JSON.stringify(entry.type)},` +
    `"effectiveAt":${JSON.stringify(entry.effectiveAt)},"memo":${JSON.stringify(entry.memo)},` +
    `"lines":[${lines.join(',')}],"reverses":${JSON.stringify(entry.reverses)}}`
  );
}

/** The leaf bytes of an entry: the UTF-8 of its canonical JSON. */
export function canonicalEntryBytes(entry: CanonicalEntry): Uint8Array {
  return new TextEncoder().encode(canonicalEntryJson(entry));
}

/** The entry's leaf hash (hex): SHA-256(0x00 || canonical bytes). */
export function entryLeafHash(entry: CanonicalEntry): string {
  return leafHash(canonicalEntryBytes(entry));
}

/** A tree head as published: size (leaves), root hash (hex), timestamp (ISO 8601 UTC, ms). */
export interface TreeHeadFields {
  size: number;
  rootHash: string;
  timestamp: string;
}

/** The bytes a tree head's signature covers (see the header). */
export function treeHeadSigningBytes(head: TreeHeadFields): Uint8Array {
  return new TextEncoder().encode(`${TREE_HEAD_PREFIX}\n${head.size}\n${head.rootHash}\n${head.timestamp}\n`);
}

/**
 * Does `signature` (128 hex) verify over the head's bytes with `publicKey` (64 hex)? False for a
 * malformed signature or key, never throws.
 */
export function verifyTreeHead(head: TreeHeadFields & { signature: string }, publicKey: string): boolean {
  try {
    if (!/^[0-9a-f]{128}$/.test(head.signature) || !/^[0-9a-f]{64}$/.test(publicKey)) return false;
    return ed25519.verify(hexToBytes(head.signature), treeHeadSigningBytes(head), hexToBytes(publicKey));
  } catch {
    return false;
  }
}
