/**
 * For tests only: an independent reference of RFC 9162 §2.1 written straight from the RFC's text with
 * node:crypto and Buffers, sharing no code with merkle.ts, so the tests check the code under test
 * against it (the tree hash by the RFC's recursion, §2.1.3.2 inclusion and §2.1.4.2 consistency
 * verification). Never imported by the product.
 */
import { createHash } from 'node:crypto';

/** SHA-256 of the concatenation of `parts`. */
export function sha(...parts: Buffer[]): Buffer {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

const NODE = Buffer.from([1]);

/** SHA-256(0x00 || data) */
export const referenceLeafHash = (data: Buffer) => sha(Buffer.from([0]), data);

/** Largest power of two smaller than n (RFC 9162 §2.1.1). */
function k(n: number): number {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
}

/** MTH(D[start:end]) of leaf hashes by the RFC's recursion, memoised per range in `memo`. */
export function referenceRoot(
  leaves: Buffer[],
  start = 0,
  end = leaves.length,
  memo = new Map<string, Buffer>(),
): Buffer {
  if (end === start) return sha();
  const key = `${start}:${end}`;
  let h = memo.get(key);
  if (h) return h;
  const n = end - start;
  h =
    n === 1
      ? leaves[start]
      : sha(
          NODE,
          referenceRoot(leaves, start, start + k(n), memo),
          referenceRoot(leaves, start + k(n), end, memo),
        );
  memo.set(key, h);
  return h;
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 §2.1.3.2, step by step. */
export function referenceInclusion(
  index: number,
  size: number,
  leaf: Buffer,
  path: Buffer[],
  root: Buffer,
): boolean {
  if (index >= size) return false;
  let [fn, sn, r] = [index, size - 1, leaf];
  for (const p of path) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = sha(NODE, p, r);
      while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      r = sha(NODE, r, p);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 §2.1.4.2, step by step (first < second). */
export function referenceConsistency(
  first: number,
  second: number,
  firstRoot: Buffer,
  secondRoot: Buffer,
  proof: Buffer[],
): boolean {
  if (proof.length === 0) return false;
  const path = Number.isInteger(Math.log2(first)) ? [firstRoot, ...proof] : [...proof];
  let [fn, sn] = [first - 1, second - 1];
  while (odd(fn)) [fn, sn] = [half(fn), half(sn)];
  let [fr, sr] = [path[0], path[0]];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = sha(NODE, c, fr);
      sr = sha(NODE, c, sr);
      while (!odd(fn) && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      sr = sha(NODE, sr, c);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0;
}
