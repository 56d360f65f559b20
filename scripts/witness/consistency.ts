/**
 * The witness's own check of an RFC 9162 consistency proof (§2.1.4.2), written from the RFC and
 * sharing no code with the log: does `proof` show the tree of `first` leaves with root `firstRoot`
 * is the beginning of the tree of `second` leaves with root `secondRoot`?
 */
import { createHash } from 'node:crypto';

const node = (left: Buffer, right: Buffer) =>
  createHash('sha256')
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();

/** RFC 9162 §2.1.4.2, step by step. */
export function consistencyHolds(
  first: number,
  second: number,
  firstRoot: Buffer,
  secondRoot: Buffer,
  proof: Buffer[],
): boolean {
  if (first > second || first < 1) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  // 1. an empty proof fails
  if (proof.length === 0) return false;
  // 2. if first is an exact power of 2, prepend first_hash to the path
  const path = [...proof];
  if ((first & (first - 1)) === 0) path.unshift(firstRoot);
  // 3-4. fn = first - 1, sn = second - 1; while LSB(fn) is set, shift both right
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  // 5. fr = sr = the first value in the path
  let fr = path[0]!;
  let sr = path[0]!;
  // 6. for each subsequent value c in the path
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr);
      sr = node(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = node(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  // 7. fr = first_hash, sr = second_hash, sn = 0
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}
