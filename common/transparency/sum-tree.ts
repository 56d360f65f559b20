/**
 * The Merkle sum tree of the proof of liabilities (docs/transparency.md "Proof of liabilities"):
 * every client's total (available + held + invested, integer cents) is a leaf; every inner node
 * commits to both children's hashes AND both children's sums, so no node can hide a negative child
 * and the root's sum is the published total. Pure and browser-safe (no Node APIs): the server
 * builds the tree, the client area verifies a path with `verifySumProof`.
 *
 * Byte formats (SHA-256; sums are unsigned 64-bit big-endian cents, at most 2^63 − 1):
 *   leaf  = SHA-256(0x00 || salt (32 bytes) || client id (16 bytes: the UUID's bytes) || total (8))
 *   inner = SHA-256(0x01 || left.hash (32) || left.sum (8) || right.hash (32) || right.sum (8)),
 *           sum = left.sum + right.sum
 * Shape: level by level, pairing nodes (2j, 2j + 1); an odd node left at the end of a level is
 * carried up unchanged (same hash, same sum). This is the left-balanced tree of RFC 9162 §2.1.1
 * (split at the largest power of two below n): no padding leaf, deterministic for every n ≥ 1.
 *
 * Wire form (JSON): hashes and salts as lowercase hex, cents as decimal strings (exact beyond 2^53).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** Largest sum a node may carry: 2^63 − 1 cents (fits a signed PostgreSQL bigint). */
export const MAX_SUM_CENTS = (1n << 63n) - 1n;

/** A node: `hash` (32 bytes) and `sum` (cents, 0 ≤ sum ≤ MAX_SUM_CENTS). */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

/** One client's leaf: client id (UUID text), 32-byte salt, total in cents (never negative). */
export interface SumLeaf {
  clientId: string;
  salt: Uint8Array;
  totalCents: bigint;
}

/** A built tree: `levels[0]` are the leaves' nodes, the last level holds the root alone. */
export interface SumTree {
  levels: SumNode[][];
}

/** One step of a path, leaf to root: the sibling's hash (hex), sum (cents) and side. */
export interface SumProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: string;
}

/** Cents as the verifier accepts them: bigint, safe integer, or decimal string of digits. */
export type CentsLike = bigint | number | string;

/** Thrown by the builder for a negative or oversized total, a bad salt or a bad client id. */
export class SumTreeError extends Error {}

function checkedSum(value: bigint, what: string): bigint {
  if (value < 0n) throw new SumTreeError(`${what} is negative (${value} cents)`);
  if (value > MAX_SUM_CENTS) throw new SumTreeError(`${what} is over 2^63 − 1 cents`);
  return value;
}

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, false);
  return out;
}

/** The 16 bytes of a UUID written as text (any case, with dashes). Throws SumTreeError otherwise. */
export function uuidBytes(id: string): Uint8Array {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex) || id.length !== 36) {
    throw new SumTreeError(`client id ${id} is not a UUID`);
  }
  return hexToBytes(hex.toLowerCase());
}

/** The leaf node of one client (hash per the byte format above; sum = total cents). */
export function hashSumLeaf(leaf: SumLeaf): SumNode {
  const total = checkedSum(leaf.totalCents, `client ${leaf.clientId}'s total`);
  if (leaf.salt.length !== 32) throw new SumTreeError('a salt is 32 bytes');
  const bytes = new Uint8Array(1 + 32 + 16 + 8);
  bytes[0] = 0x00;
  bytes.set(leaf.salt, 1);
  bytes.set(uuidBytes(leaf.clientId), 33);
  bytes.set(u64(total), 49);
  return { hash: sha256(bytes), sum: total };
}

/** The parent of two nodes; throws SumTreeError when the sum passes MAX_SUM_CENTS. */
export function hashSumInner(left: SumNode, right: SumNode): SumNode {
  const sum = checkedSum(left.sum + right.sum, 'a node sum');
  const bytes = new Uint8Array(1 + 2 * (32 + 8));
  bytes[0] = 0x01;
  bytes.set(left.hash, 1);
  bytes.set(u64(left.sum), 33);
  bytes.set(right.hash, 41);
  bytes.set(u64(right.sum), 73);
  return { hash: sha256(bytes), sum };
}

/** The next level up: pairs (2j, 2j + 1), an odd last node carried up unchanged. */
export function parentLevel(level: readonly SumNode[]): SumNode[] {
  const up: SumNode[] = [];
  for (let j = 0; j + 1 < level.length; j += 2) up.push(hashSumInner(level[j]!, level[j + 1]!));
  if (level.length % 2 === 1) up.push(level[level.length - 1]!);
  return up;
}

/**
 * Builds the tree over `leaves` in their order (the leaf index is the position). Throws
 * SumTreeError for no leaves, a negative total, a total sum over 2^63 − 1 cents, a bad salt or id.
 */
export function buildSumTree(leaves: readonly SumLeaf[]): SumTree {
  if (leaves.length === 0) throw new SumTreeError('a sum tree needs at least one leaf');
  const levels: SumNode[][] = [leaves.map(hashSumLeaf)];
  while (levels[levels.length - 1]!.length > 1) levels.push(parentLevel(levels[levels.length - 1]!));
  return { levels };
}

/** The root node (hash and total in cents). */
export function sumTreeRoot(tree: SumTree): SumNode {
  return tree.levels[tree.levels.length - 1]![0]!;
}

/**
 * Where the siblings of leaf `index` sit, leaf to root: `{ level, index, side }` for each level that
 * has a sibling (a carried node has none at that level). `leafCount` is the tree's size. Lets a
 * store read only these O(log n) nodes.
 */
export function sumProofPositions(
  leafCount: number,
  index: number,
): { level: number; index: number; side: 'left' | 'right' }[] {
  if (!Number.isInteger(index) || index < 0 || index >= leafCount) {
    throw new SumTreeError(`leaf ${index} is outside a tree of ${leafCount}`);
  }
  const out: { level: number; index: number; side: 'left' | 'right' }[] = [];
  let width = leafCount;
  let i = index;
  for (let level = 0; width > 1; level += 1) {
    const sibling = i ^ 1;
    if (sibling < width) out.push({ level, index: sibling, side: sibling < i ? 'left' : 'right' });
    i >>= 1;
    width = Math.ceil(width / 2);
  }
  return out;
}

/** The node as its wire step. */
export function toProofStep(node: SumNode, side: 'left' | 'right'): SumProofStep {
  return { side, hash: bytesToHex(node.hash), sum: node.sum.toString() };
}

/** The path of leaf `index` to the root (wire form). */
export function sumTreeProof(tree: SumTree, index: number): SumProofStep[] {
  return sumProofPositions(tree.levels[0]!.length, index).map((p) =>
    toProofStep(tree.levels[p.level]![p.index]!, p.side),
  );
}

/** Cents from the wire: digits only (no sign, no decimals), at most MAX_SUM_CENTS; else null. */
export function parseCents(value: CentsLike): bigint | null {
  let cents: bigint;
  if (typeof value === 'bigint') cents = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return null;
    cents = BigInt(value);
  } else {
    if (!/^(0|[1-9][0-9]{0,18})$/.test(value)) return null;
    cents = BigInt(value);
  }
  return cents >= 0n && cents <= MAX_SUM_CENTS ? cents : null;
}

function parseHash(hex: string, bytes: number): Uint8Array | null {
  return new RegExp(`^[0-9a-f]{${bytes * 2}}$`).test(hex) ? hexToBytes(hex) : null;
}

/** Why a path failed, or ok. */
export type SumProofCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks that a client's leaf is included in the published root: recomputes the leaf from
 * (clientId, salt hex, total cents), folds in every sibling (each sum must be a non-negative integer
 * of cents; every parent sum is the sum of its children, recomputed here, never read from the
 * proof), and compares the hash AND the sum with the published root. Never throws.
 */
export function verifySumProof(
  leaf: { clientId: string; salt: string; totalCents: CentsLike },
  path: readonly SumProofStep[],
  root: { hash: string; totalCents: CentsLike },
): SumProofCheck {
  const total = parseCents(leaf.totalCents);
  const salt = parseHash(leaf.salt, 32);
  const rootHash = parseHash(root.hash, 32);
  const rootTotal = parseCents(root.totalCents);
  if (total === null) return { ok: false, reason: 'the balance is not a non-negative amount of cents' };
  if (!salt) return { ok: false, reason: 'the salt is not 32 bytes of hex' };
  if (!rootHash || rootTotal === null) return { ok: false, reason: 'the published root is malformed' };
  try {
    let node = hashSumLeaf({ clientId: leaf.clientId, salt, totalCents: total });
    for (const [n, step] of path.entries()) {
      const sum = parseCents(step.sum);
      const hash = parseHash(step.hash, 32);
      if (sum === null) return { ok: false, reason: `sibling ${n} has a negative or malformed sum` };
      if (!hash) return { ok: false, reason: `sibling ${n} has a malformed hash` };
      const sibling = { hash, sum };
      if (step.side === 'left') node = hashSumInner(sibling, node);
      else if (step.side === 'right') node = hashSumInner(node, sibling);
      else return { ok: false, reason: `sibling ${n} has no side` };
    }
    if (node.sum !== rootTotal) return { ok: false, reason: 'the sums do not add up to the published total' };
    if (bytesToHex(node.hash) !== root.hash)
      return { ok: false, reason: 'the path does not lead to the published root' };
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'the proof is malformed' };
  }
}
