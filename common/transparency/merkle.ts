/**
 * The Merkle log of the verifiable journal (docs/transparency.md "The verifiable journal"): the tree
 * hash, inclusion proofs and consistency proofs of RFC 9162 §2.1, with SHA-256. Pure and browser-safe
 * (no Node APIs): the server builds proofs from the stored subtree hashes, the client area verifies
 * them with `verifyInclusion` and `verifyConsistency`. Hashes cross the API as lowercase hex.
 *
 *   leaf hash  = SHA-256(0x00 || leaf bytes)                      (RFC 9162 §2.1.1)
 *   node hash  = SHA-256(0x01 || left hash || right hash)
 *   MTH(D[n])  = leaf hash of D[0] for n = 1; for n > 1, with k the largest power of two below n,
 *                node hash (MTH(D[0:k]), MTH(D[k:n]));  MTH of no leaves = SHA-256 of nothing.
 *
 * Storage shape: the hash of every complete subtree — 2^level leaves starting at leaf index·2^level,
 * a `NodeRef` — never changes once its last leaf is in, so the server stores each once
 * (`appendLeaves` answers the new ones) and builds any proof, or the root, from O(log n) of them:
 * every range a proof needs (`inclusionRanges`, `consistencyRanges`) splits into at most log2(n)
 * complete subtrees (`rangeRefs`), whose hashes fold right into the range's hash (`rangeHash`).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** A complete subtree: the 2^level leaves from leaf `index`·2^level on (level 0: one leaf). */
export interface NodeRef {
  level: number;
  index: number;
}

/** Leaves [start, end) of the tree, start < end. */
export type LeafRange = readonly [start: number, end: number];

/** A stored subtree hash (hex) with its place. */
export interface StoredNode extends NodeRef {
  hash: string;
}

/** Looks up the hash (hex) of a complete subtree; throws or answers undefined when it is not known. */
export type NodeLookup = (ref: NodeRef) => string | undefined;

const LEAF_PREFIX = Uint8Array.of(0);
const NODE_PREFIX = Uint8Array.of(1);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const HEX_HASH = /^[0-9a-f]{64}$/;

function hashBytes(hex: string): Uint8Array {
  if (!HEX_HASH.test(hex)) throw new MerkleError('A hash is 64 lowercase hex characters');
  return hexToBytes(hex);
}

/** A malformed argument (a size, index or hash out of shape). */
export class MerkleError extends Error {}

/** SHA-256(0x00 || data), hex (RFC 9162 §2.1.1). */
export function leafHash(data: Uint8Array): string {
  return bytesToHex(sha256(concat(LEAF_PREFIX, data)));
}

/** SHA-256(0x01 || left || right) of two hex hashes, hex (RFC 9162 §2.1.1). */
export function nodeHash(left: string, right: string): string {
  return bytesToHex(sha256(concat(NODE_PREFIX, hashBytes(left), hashBytes(right))));
}

/** The largest power of two strictly below n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  let p = 1;
  while (p < n) p *= 2;
  return p === n;
}

function checkSize(n: number, what: string, min = 1): void {
  if (!Number.isSafeInteger(n) || n < min)
    throw new MerkleError(`${what} must be an integer of at least ${min}`);
}

/**
 * The complete subtrees that make up leaves [start, end), left to right: the largest power of two
 * that fits first. Every range the proofs below name starts at a multiple of that power, so each
 * piece is a stored subtree; throws MerkleError for a range that does not.
 */
export function rangeRefs([start, end]: LeafRange): NodeRef[] {
  const refs: NodeRef[] = [];
  let at = start;
  while (at < end) {
    let level = 0;
    while (2 ** (level + 1) <= end - at) level++;
    if (at % 2 ** level !== 0)
      throw new MerkleError(`Leaves [${start}, ${end}) are not made of aligned subtrees`);
    refs.push({ level, index: at / 2 ** level });
    at += 2 ** level;
  }
  return refs;
}

/**
 * MTH of leaves [start, end) from the hashes of its complete subtrees (`rangeRefs`): the pieces fold
 * from the right, as the RFC's recursion splits at the largest power of two. Throws MerkleError when
 * `lookup` has no hash for a piece.
 */
export function rangeHash(range: LeafRange, lookup: NodeLookup): string {
  const hashes = rangeRefs(range).map((ref) => {
    const hash = lookup(ref);
    if (hash === undefined) throw new MerkleError(`No hash for subtree ${ref.level}/${ref.index}`);
    return hash;
  });
  let root = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) root = nodeHash(hashes[i], root);
  return root;
}

/**
 * The ranges whose hashes form the inclusion proof (audit path) of leaf `index` in a tree of `size`
 * leaves, from the leaf up: PATH(m, D[n]) of RFC 9162 §2.1.3.1.
 */
export function inclusionRanges(index: number, size: number): LeafRange[] {
  checkSize(size, 'The tree size');
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) {
    throw new MerkleError('The leaf index must be below the tree size');
  }
  const path: LeafRange[] = [];
  let [start, end, m] = [0, size, index];
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      path.push([start + k, end]);
      end = start + k;
    } else {
      path.push([start, start + k]);
      start += k;
      m -= k;
    }
  }
  return path.reverse();
}

/**
 * The ranges whose hashes form the consistency proof between the trees of the first `from` and
 * `to` leaves (1 ≤ from ≤ to; empty when equal): PROOF(m, D[n]) = SUBPROOF(m, D[n], true) of
 * RFC 9162 §2.1.4.1.
 */
export function consistencyRanges(from: number, to: number): LeafRange[] {
  checkSize(from, 'The first tree size');
  checkSize(to, 'The second tree size');
  if (from > to) throw new MerkleError('The first tree size must not exceed the second');
  const proof: LeafRange[] = [];
  let [start, end, m, whole] = [0, to, from, true];
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      proof.push([start + k, end]);
      end = start + k;
    } else {
      proof.push([start, start + k]);
      start += k;
      m -= k;
      whole = false;
    }
  }
  if (!whole) proof.push([start, end]);
  return proof.reverse();
}

/** Every complete subtree a list of ranges reads (for one database query), without repeats. */
export function refsOf(ranges: LeafRange[]): NodeRef[] {
  const seen = new Map<string, NodeRef>();
  for (const range of ranges) for (const ref of rangeRefs(range)) seen.set(`${ref.level}/${ref.index}`, ref);
  return [...seen.values()];
}

/** A lookup over stored nodes (hex hashes), keyed by level and index. */
export function nodeLookup(nodes: Iterable<StoredNode>): NodeLookup {
  const map = new Map<string, string>();
  for (const n of nodes) map.set(`${n.level}/${n.index}`, n.hash);
  return (ref) => map.get(`${ref.level}/${ref.index}`);
}

/** The complete subtrees the root of `size` leaves folds from (and the ones appending needs). */
export function frontierRefs(size: number): NodeRef[] {
  return size === 0 ? [] : rangeRefs([0, size]);
}

/**
 * Appends leaves (hex leaf hashes) to a tree of `size` leaves whose frontier (`frontierRefs(size)`)
 * `lookup` knows. Answers every complete subtree the new leaves finish (level 0: the leaves
 * themselves, then each parent completed) and the new root, so the caller stores them once.
 */
export function appendLeaves(
  size: number,
  lookup: NodeLookup,
  leaves: readonly string[],
): { nodes: StoredNode[]; root: string; size: number } {
  checkSize(size, 'The tree size', 0);
  if (leaves.length === 0 && size === 0) throw new MerkleError('An empty tree has no root to sign');
  const made = new Map<string, string>();
  const find = (ref: NodeRef) => made.get(`${ref.level}/${ref.index}`) ?? lookup(ref);
  const nodes: StoredNode[] = [];
  const keep = (node: StoredNode) => {
    made.set(`${node.level}/${node.index}`, node.hash);
    nodes.push(node);
  };
  leaves.forEach((hash, i) => {
    hashBytes(hash);
    const at = size + i;
    keep({ level: 0, index: at, hash });
    for (let level = 1; (at + 1) % 2 ** level === 0; level++) {
      const index = (at + 1) / 2 ** level - 1;
      const left = find({ level: level - 1, index: 2 * index });
      const right = find({ level: level - 1, index: 2 * index + 1 });
      if (left === undefined || right === undefined) {
        throw new MerkleError(`Missing a child of subtree ${level}/${index}`);
      }
      keep({ level, index, hash: nodeHash(left, right) });
    }
  });
  const newSize = size + leaves.length;
  return { nodes, root: rangeHash([0, newSize], find), size: newSize };
}

/**
 * Every complete subtree of a list of leaf hashes (in memory; tests and small trees): a lookup the
 * range functions can read.
 */
export function buildTree(leaves: readonly string[]): NodeLookup {
  const { nodes } = leaves.length ? appendLeaves(0, () => undefined, leaves) : { nodes: [] };
  return nodeLookup(nodes);
}

/** MTH of a list of leaf hashes (hex); SHA-256 of nothing for none (RFC 9162 §2.1.1). */
export function treeRoot(leaves: readonly string[]): string {
  if (leaves.length === 0) return bytesToHex(sha256(new Uint8Array(0)));
  return rangeHash([0, leaves.length], buildTree(leaves));
}

/** The hashes (hex) of a proof's ranges, in order. */
export function proofHashes(ranges: LeafRange[], lookup: NodeLookup): string[] {
  return ranges.map((range) => rangeHash(range, lookup));
}

/** RFC 9162 §2.1.3.2: does `path` prove leaf hash `leaf` at `index` in the tree of `size` leaves with root `root`? */
export function verifyInclusion(
  leaf: string,
  index: number,
  size: number,
  path: string[],
  root: string,
): boolean {
  try {
    if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size)
      return false;
    let fn = index;
    let sn = size - 1;
    let r = hashBytes(leaf);
    for (const p of path) {
      if (sn === 0) return false;
      const pb = hashBytes(p);
      if (fn % 2 === 1 || fn === sn) {
        r = sha256(concat(NODE_PREFIX, pb, r));
        if (fn % 2 === 0) {
          while (fn % 2 === 0 && fn !== 0) {
            fn = Math.floor(fn / 2);
            sn = Math.floor(sn / 2);
          }
        }
      } else {
        r = sha256(concat(NODE_PREFIX, r, pb));
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    return sn === 0 && bytesToHex(r) === root;
  } catch {
    return false;
  }
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show the tree of `from` leaves (root `fromRoot`) is a prefix of the
 * tree of `to` leaves (root `toRoot`)? Equal sizes: an empty proof and equal roots.
 */
export function verifyConsistency(
  from: number,
  to: number,
  fromRoot: string,
  toRoot: string,
  proof: string[],
): boolean {
  try {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || from > to) return false;
    if (from === to) return proof.length === 0 && HEX_HASH.test(fromRoot) && fromRoot === toRoot;
    if (proof.length === 0) return false;
    const path = proof.map(hashBytes);
    if (isPowerOfTwo(from)) path.unshift(hashBytes(fromRoot));
    let fn = from - 1;
    let sn = to - 1;
    while (fn % 2 === 1) {
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    let fr = path[0];
    let sr = path[0];
    for (const c of path.slice(1)) {
      if (sn === 0) return false;
      if (fn % 2 === 1 || fn === sn) {
        fr = sha256(concat(NODE_PREFIX, c, fr));
        sr = sha256(concat(NODE_PREFIX, c, sr));
        if (fn % 2 === 0) {
          while (fn % 2 === 0 && fn !== 0) {
            fn = Math.floor(fn / 2);
            sn = Math.floor(sn / 2);
          }
        }
      } else {
        sr = sha256(concat(NODE_PREFIX, sr, c));
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    return bytesToHex(fr) === fromRoot && bytesToHex(sr) === toRoot && sn === 0;
  } catch {
    return false;
  }
}
