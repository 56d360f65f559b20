/**
 * The Merkle log against an independent verifier written from RFC 9162 §2.1 with node:crypto
 * (rfc9162-reference.ts, sharing no code with merkle.ts): the root of every tree of 1…1,000 leaves
 * by the RFC's recursion; inclusion proofs checked by §2.1.3.2 for every leaf of the trees of 1…256
 * and some larger sizes, and a spread of leaves of every other size up to 1,000 (about 51,000
 * proofs: all 500,500 took over two minutes); consistency proofs checked by §2.1.4.2 for every pair
 * of sizes up to 128 and 8+ first sizes per tree up to 1,000; tampered proofs fail in both
 * verifiers. Also the canonical entry bytes and the signed tree head bytes.
 */
import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { canonicalEntryJson, entryLeafHash, treeHeadSigningBytes, verifyTreeHead } from './journal';
import {
  appendLeaves,
  buildTree,
  consistencyRanges,
  frontierRefs,
  inclusionRanges,
  type LeafRange,
  leafHash,
  nodeLookup,
  proofHashes,
  rangeHash,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
} from './merkle';
import { referenceConsistency, referenceInclusion, referenceRoot, sha } from './rfc9162-reference';

// ---- the independent side: rfc9162-reference.ts (node:crypto, no code shared with merkle.ts) ----
const LEAF = Buffer.from([0]);
const independentInclusion = referenceInclusion;
const independentConsistency = referenceConsistency;
const mth = (leaves: Buffer[], start: number, end: number, memo: Map<string, Buffer>) =>
  referenceRoot(leaves, start, end, memo);

// ---- the fixture: 1,000 leaves, hashed both ways ----
const N = 1000;
// one more leaf than the largest tree, for the size + 1 tampering case
const data = Array.from({ length: N + 1 }, (_, i) => Buffer.from(`journal entry ${i}`));
const leafHex = data.map((d) => leafHash(new Uint8Array(d)));
const leafBuf = data.map((d) => sha(LEAF, d));
const memo = new Map<string, Buffer>();
const roots = [Buffer.alloc(0), ...Array.from({ length: N + 1 }, (_, i) => mth(leafBuf, 0, i + 1, memo))];
// complete subtrees never change as the tree grows: one lookup serves every size
const lookup = buildTree(leafHex.slice(0, N));
const hex = (b: Buffer) => b.toString('hex');
const buf = (h: string) => Buffer.from(h, 'hex');
const flip = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);

describe('Merkle tree hash (RFC 9162 §2.1.1)', () => {
  it('hashes leaves with 0x00 and nodes with 0x01, and the root equals the RFC recursion for 0…1,000 leaves', () => {
    expect(leafHex.map(buf)).toEqual(leafBuf);
    expect(treeRoot([])).toBe(hex(createHash('sha256').digest()));
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 256, 257, 511, 512, 513, 999, 1000]) {
      expect(treeRoot(leafHex.slice(0, n))).toBe(hex(roots[n]));
    }
    const wrong = roots.slice(1, N + 1).filter((root, i) => rangeHash([0, i + 1], lookup) !== hex(root));
    expect(wrong).toEqual([]);
  });

  it('appending in batches stores each complete subtree once and gives the same roots', () => {
    let size = 0;
    const stored = new Map<string, string>();
    for (const step of [1, 2, 5, 1, 64, 100, 300, 527]) {
      const frontier = nodeLookup(
        frontierRefs(size).map((r) => ({ ...r, hash: stored.get(`${r.level}/${r.index}`)! })),
      );
      const grown = appendLeaves(size, frontier, leafHex.slice(size, size + step));
      for (const node of grown.nodes) {
        expect(stored.has(`${node.level}/${node.index}`)).toBe(false);
        stored.set(`${node.level}/${node.index}`, node.hash);
      }
      size = grown.size;
      expect(grown.root).toBe(hex(roots[size]));
    }
    // n leaves make n leaf rows and n − popcount(n) inner subtrees
    expect(stored.size).toBe(2 * N - N.toString(2).replace(/0/g, '').length);
  });
});

describe('inclusion proofs (RFC 9162 §2.1.3)', () => {
  it('every leaf of the trees of 1…256 and of 511, 512, 513, 767, 999 and 1,000 leaves, and a spread of leaves (first, last, every 37th) of every other size up to 1,000, verify independently and with verifyInclusion', () => {
    // a range's hash is the same in every proof that names it: computed once by the code under test
    const rangeHashes = new Map<string, Buffer>();
    const hashOf = (range: LeafRange) => {
      const key = `${range[0]}:${range[1]}`;
      let h = rangeHashes.get(key);
      if (!h) rangeHashes.set(key, (h = buf(proofHashes([range], lookup)[0])));
      return h;
    };
    const failed: string[] = [];
    let checked = 0;
    for (let n = 1; n <= N; n++) {
      const root = roots[n];
      const every = n <= 256 || [511, 512, 513, 767, 999, 1000].includes(n);
      for (let m = 0; m < n; m++) {
        if (!every && m !== 0 && m !== n - 1 && m % 37 !== 0) continue;
        const path = inclusionRanges(m, n).map(hashOf);
        if (!independentInclusion(m, n, leafBuf[m], path, root)) failed.push(`${m} of ${n}`);
        // the code under test's verifier on a sample (it repeats the same hashes)
        if (
          (m === 0 || m === n - 1 || m % 97 === 0) &&
          !verifyInclusion(leafHex[m], m, n, path.map(hex), hex(root))
        ) {
          failed.push(`verifyInclusion ${m} of ${n}`);
        }
        checked++;
      }
    }
    expect(failed).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  }, 120_000);

  it('a changed path, leaf, index or size fails in both verifiers', () => {
    for (const [m, n] of [
      [0, 2],
      [5, 6],
      [6, 7],
      [512, 1000],
      [999, 1000],
      [300, 777],
    ] as const) {
      const path = proofHashes(inclusionRanges(m, n), lookup);
      const root = hex(roots[n]);
      const bad: [string, number, number, string[], string][] = [
        [leafHex[m], m, n, path.map((p, i) => (i === path.length - 1 ? flip(p) : p)), root],
        [flip(leafHex[m]), m, n, path, root],
        [leafHex[m], m ^ 1, n, path, root],
        [leafHex[m], m, n + 1, path, hex(roots[n + 1])],
        [leafHex[m], m, n, path.slice(0, -1), root],
        [leafHex[m], m, n, [...path, path[0]], root],
      ];
      for (const [leaf, index, size, p, root] of bad) {
        expect(verifyInclusion(leaf, index, size, p, root)).toBe(false);
        expect(independentInclusion(index, size, buf(leaf), p.map(buf), buf(root))).toBe(false);
      }
    }
    expect(verifyInclusion(leafHex[0], 0, 1, [], hex(roots[1]))).toBe(true);
    expect(verifyInclusion(leafHex[0], 1, 1, [], hex(roots[1]))).toBe(false);
    expect(verifyInclusion('not hex', 0, 1, [], hex(roots[1]))).toBe(false);
  });
});

describe('consistency proofs (RFC 9162 §2.1.4)', () => {
  const check = (m: number, n: number) => {
    const proof = proofHashes(consistencyRanges(m, n), lookup);
    if (m === n) {
      expect(proof).toEqual([]);
      expect(verifyConsistency(m, n, hex(roots[m]), hex(roots[n]), proof)).toBe(true);
      return;
    }
    expect(independentConsistency(m, n, roots[m], roots[n], proof.map(buf))).toBe(true);
  };

  it('every pair of sizes up to 128, and for every size up to 1,000 the sizes 1, 2, n − 1, powers of two and a spread', () => {
    let checked = 0;
    for (let n = 1; n <= 128; n++) for (let m = 1; m <= n; m++, checked++) check(m, n);
    for (let n = 129; n <= N; n++) {
      const sizes = new Set([
        1,
        2,
        3,
        n - 1,
        n,
        ...[64, 128, 256, 512].filter((p) => p <= n),
        (n * 7) % n || 1,
        Math.ceil(n / 3),
      ]);
      for (const m of sizes) {
        check(m, n);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8_256 + 871 * 8);
  });

  it('verifyConsistency agrees with the independent verifier, and a changed proof or root fails in both', () => {
    for (const [m, n] of [
      [1, 2],
      [3, 7],
      [4, 8],
      [6, 8],
      [7, 1000],
      [512, 1000],
      [999, 1000],
      [333, 334],
    ] as const) {
      const proof = proofHashes(consistencyRanges(m, n), lookup);
      const [a, b] = [hex(roots[m]), hex(roots[n])];
      expect(verifyConsistency(m, n, a, b, proof)).toBe(true);
      const bad: [string, string, string[]][] = [
        [flip(a), b, proof],
        [a, flip(b), proof],
        [a, b, proof.map((p, i) => (i === 0 ? flip(p) : p))],
        [a, b, proof.slice(1)],
        [a, b, []],
      ];
      for (const [x, y, p] of bad) {
        expect(verifyConsistency(m, n, x, y, p)).toBe(false);
        expect(independentConsistency(m, n, buf(x), buf(y), p.map(buf))).toBe(false);
      }
    }
    expect(verifyConsistency(5, 4, hex(roots[5]), hex(roots[4]), [])).toBe(false);
    expect(verifyConsistency(4, 4, hex(roots[4]), hex(roots[5]), [])).toBe(false);
  });
});

describe('the bytes of a leaf and of a tree head', () => {
  const entry = {
    id: '7a0e4c1e-2b0d-4a57-9d3e-0c1f3b1a2d4e',
    type: 'adjustment',
    effectiveAt: '2026-11-27T10:00:00.000Z',
    memo: 'Fee refund "November"\n',
    lines: [
      { accountId: 'b0000000-0000-4000-8000-000000000002', amount: '-2500' },
      { accountId: 'a0000000-0000-4000-8000-000000000001', amount: '2500' },
    ],
    reverses: null,
  };

  it('writes the canonical JSON with fixed keys, lines sorted by account then amount, and hashes its UTF-8', () => {
    const text =
      '{"id":"7a0e4c1e-2b0d-4a57-9d3e-0c1f3b1a2d4e","type":"adjustment","effectiveAt":"2026-11-27T10:00:00.000Z",' +
      '"memo":"Fee refund \\"November\\"\\n","lines":[{"accountId":"a0000000-0000-4000-8000-000000000001","amount":"2500"},' +
      '{"accountId":"b0000000-0000-4000-8000-000000000002","amount":"-2500"}],"reverses":null}';
    expect(canonicalEntryJson(entry)).toBe(text);
    expect(canonicalEntryJson({ ...entry, lines: [...entry.lines].reverse() })).toBe(text);
    expect(entryLeafHash(entry)).toBe(hex(sha(LEAF, Buffer.from(text, 'utf8'))));
    expect(
      entryLeafHash({ ...entry, lines: [entry.lines[0], { ...entry.lines[1], amount: '2501' }] }),
    ).not.toBe(entryLeafHash(entry));
    expect(() => canonicalEntryJson({ ...entry, lines: [{ accountId: 'x', amount: '1.5' }] })).toThrow(
      SyntaxError,
    );
  });

  it('signs "broker-transparency-tree-head-v1\\n<size>\\n<root>\\n<timestamp>\\n" and verifies with the public key only', () => {
    const seed = new Uint8Array(32).fill(7);
    const publicKey = Buffer.from(ed25519.getPublicKey(seed)).toString('hex');
    const head = { size: 1000, rootHash: hex(roots[1000]), timestamp: '2026-11-27T10:00:00.123Z' };
    const bytes = treeHeadSigningBytes(head);
    expect(Buffer.from(bytes).toString('ascii')).toBe(
      `broker-transparency-tree-head-v1\n1000\n${head.rootHash}\n2026-11-27T10:00:00.123Z\n`,
    );
    const signature = Buffer.from(ed25519.sign(bytes, seed)).toString('hex');
    expect(verifyTreeHead({ ...head, signature }, publicKey)).toBe(true);
    expect(verifyTreeHead({ ...head, size: 999, signature }, publicKey)).toBe(false);
    expect(verifyTreeHead({ ...head, signature: flip(signature) }, publicKey)).toBe(false);
    expect(verifyTreeHead({ ...head, signature }, 'ab')).toBe(false);
  });
});
