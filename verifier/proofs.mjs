/**
 * The proofs the evidence carries, recomputed from their byte formats (docs/transparency.md
 * "Checking by hand"): the journal log's leaf and node hashes, inclusion proofs (RFC 9162
 * §2.1.3.2) and consistency proofs (RFC 9162 §2.1.4.2), and a path of the proof of liabilities'
 * sum tree. `crypto.sha256(bytes)` answers the 32-byte digest (or a promise of it): node:crypto in
 * the command, WebCrypto in the page. No imports beyond this folder.
 */
import { check, concat, sameBytes, u64 } from './bytes.mjs';

const LEAF = Uint8Array.of(0x00);
const NODE = Uint8Array.of(0x01);

/** The log's leaf hash: SHA-256(0x00 ‖ the leaf's bytes). */
export async function logLeafHash(crypto, bytes) {
  return crypto.sha256(concat(LEAF, bytes));
}

const node = (crypto, left, right) => crypto.sha256(concat(NODE, left, right));

const isOdd = (n) => n % 2 === 1;
const half = (n) => Math.floor(n / 2);

/** RFC 9162's "right-shift fn and sn equally": both halved once. */
const shift = (fn, sn) => [half(fn), half(sn)];

/** RFC 9162's "right-shift fn and sn equally until either LSB(fn) is set or fn is 0". */
function shiftToOddOrZero(fn, sn) {
  while (!isOdd(fn) && fn !== 0) [fn, sn] = shift(fn, sn);
  return [fn, sn];
}

/**
 * RFC 9162 §2.1.3.2: does `path` (32-byte hashes, leaf upwards) lead leaf hash `leaf` at `index` to
 * `root` in a tree of `size` leaves?
 */
export async function inclusionHolds(crypto, leaf, index, size, path, root) {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      r = await node(crypto, p, r);
      [fn, sn] = shiftToOddOrZero(fn, sn);
    } else {
      r = await node(crypto, r, p);
    }
    [fn, sn] = shift(fn, sn);
  }
  return sn === 0 && sameBytes(r, root);
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show the tree of `first` leaves with root `firstRoot` is the
 * beginning of the tree of `second` leaves with root `secondRoot`?
 */
export async function consistencyHolds(crypto, first, second, firstRoot, secondRoot, proof) {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second)
    return false;
  if (first === second) return proof.length === 0 && sameBytes(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (isOdd(fn)) [fn, sn] = shift(fn, sn);
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = await node(crypto, c, fr);
      sr = await node(crypto, c, sr);
      [fn, sn] = shiftToOddOrZero(fn, sn);
    } else {
      sr = await node(crypto, sr, c);
    }
    [fn, sn] = shift(fn, sn);
  }
  return sameBytes(fr, firstRoot) && sameBytes(sr, secondRoot) && sn === 0;
}

/**
 * The sides of the siblings on the path of leaf `index` in a sum tree of `leaves` leaves, leaf to
 * root: levels pair nodes (2j, 2j + 1) and carry an odd last node up unchanged, so a carried node
 * has no sibling at that level.
 */
export function sumPathSides(leaves, index) {
  const sides = [];
  let width = leaves;
  let i = index;
  while (width > 1) {
    const sibling = i ^ 1;
    if (sibling < width) sides.push(sibling < i ? 'left' : 'right');
    i = half(i);
    width = Math.ceil(width / 2);
  }
  return sides;
}

/**
 * A sum tree leaf: SHA-256(0x00 ‖ salt (32) ‖ client id (16) ‖ total (8, big-endian cents)); the
 * node's sum is the total.
 */
export async function sumLeaf(crypto, salt, clientId, total) {
  return { hash: await crypto.sha256(concat(LEAF, salt, clientId, u64(total))), sum: total };
}

/**
 * Folds `steps` (`{ side, hash: 32 bytes, sum: bigint }`, leaf to root) into `start`: each parent is
 * SHA-256(0x01 ‖ left hash ‖ left sum ‖ right hash ‖ right sum), its sum the two added (never
 * read from the proof). Throws EvidenceError for a sum past 2^63 − 1.
 */
export async function foldSumPath(crypto, start, steps) {
  let at = start;
  for (const step of steps) {
    const [left, right] = step.side === 'left' ? [step, at] : [at, step];
    const sum = left.sum + right.sum;
    check(sum < 1n << 63n, 'a sum of the liabilities path is too large');
    at = {
      hash: await crypto.sha256(concat(NODE, left.hash, u64(left.sum), right.hash, u64(right.sum))),
      sum,
    };
  }
  return at;
}
