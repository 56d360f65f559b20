/**
 * The sum tree against an independent verifier written here with node:crypto (not the code under
 * test): every leaf's path of trees of 1…70 leaves verifies; the root sums the totals; forged paths
 * (altered balance, sibling sum, sibling hash, negative sibling, swapped side) fail in both.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildSumTree,
  hashSumInner,
  type SumLeaf,
  type SumProofStep,
  sumProofPositions,
  sumTreeProof,
  sumTreeRoot,
  SumTreeError,
  verifySumProof,
} from './sum-tree';

/** Independent: leaf and path folded with node:crypto and Buffer, sums as BigInt of the strings. */
function independentVerify(
  leaf: { clientId: string; salt: string; total: bigint },
  path: SumProofStep[],
  root: { hash: string; total: bigint },
): boolean {
  const u64 = (v: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(v);
    return b;
  };
  let hash = createHash('sha256')
    .update(
      Buffer.concat([
        Buffer.from([0]),
        Buffer.from(leaf.salt, 'hex'),
        Buffer.from(leaf.clientId.replace(/-/g, ''), 'hex'),
        u64(leaf.total),
      ]),
    )
    .digest();
  let sum = leaf.total;
  for (const step of path) {
    if (!/^\d+$/.test(step.sum)) return false;
    const s = BigInt(step.sum);
    const h = Buffer.from(step.hash, 'hex');
    const [l, ls, r, rs] = step.side === 'left' ? [h, s, hash, sum] : [hash, sum, h, s];
    hash = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), l, u64(ls), r, u64(rs)]))
      .digest();
    sum += s;
  }
  return hash.toString('hex') === root.hash && sum === root.total;
}

function leaves(n: number): SumLeaf[] {
  return Array.from({ length: n }, (_, i) => ({
    clientId: randomUUID(),
    salt: new Uint8Array(randomBytes(32)),
    totalCents: BigInt((i * 7919) % 100_000) * 100n + BigInt(i % 100),
  }));
}

describe('sum tree', () => {
  it('every path of trees of 1…70 leaves verifies in both verifiers and the root sums the totals', () => {
    for (let n = 1; n <= 70; n += 1) {
      const ls = leaves(n);
      const tree = buildSumTree(ls);
      const root = sumTreeRoot(tree);
      expect(root.sum).toBe(ls.reduce((a, l) => a + l.totalCents, 0n));
      const rootHex = Buffer.from(root.hash).toString('hex');
      ls.forEach((l, i) => {
        const path = sumTreeProof(tree, i);
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        const salt = Buffer.from(l.salt).toString('hex');
        expect(
          independentVerify({ clientId: l.clientId, salt, total: l.totalCents }, path, {
            hash: rootHex,
            total: root.sum,
          }),
        ).toBe(true);
        expect(
          verifySumProof({ clientId: l.clientId, salt, totalCents: l.totalCents.toString() }, path, {
            hash: rootHex,
            totalCents: root.sum.toString(),
          }),
        ).toEqual({ ok: true });
      });
    }
  });

  it('is the RFC 9162 shape: the root of n leaves joins the first 2^k leaves and the rest', () => {
    const ls = leaves(13);
    const left = sumTreeRoot(buildSumTree(ls.slice(0, 8)));
    const right = sumTreeRoot(buildSumTree(ls.slice(8)));
    expect(sumTreeRoot(buildSumTree(ls))).toEqual(hashSumInner(left, right));
  });

  it('forged proofs fail: altered balance, sibling sum, sibling hash, negative sibling, swapped side, other client', () => {
    const ls = leaves(11);
    const tree = buildSumTree(ls);
    const root = sumTreeRoot(tree);
    const rootRef = { hash: Buffer.from(root.hash).toString('hex'), totalCents: root.sum.toString() };
    const l = ls[6]!;
    const leaf = {
      clientId: l.clientId,
      salt: Buffer.from(l.salt).toString('hex'),
      totalCents: l.totalCents.toString(),
    };
    const path = sumTreeProof(tree, 6);
    const bad = (reason: RegExp, lf: typeof leaf, p: SumProofStep[], r = rootRef) => {
      const check = verifySumProof(lf, p, r);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.reason).toMatch(reason);
      expect(
        independentVerify({ ...lf, total: /^\d+$/.test(lf.totalCents) ? BigInt(lf.totalCents) : -1n }, p, {
          hash: r.hash,
          total: BigInt(r.totalCents),
        }),
      ).toBe(false);
    };
    bad(/root|add up/, { ...leaf, totalCents: (l.totalCents + 1n).toString() }, path);
    // a bigger balance hidden by a smaller sibling sum keeps the total but not the hash
    const moved = path.map((s, i) => (i === 0 ? { ...s, sum: (BigInt(s.sum) - 1n).toString() } : s));
    bad(/root/, { ...leaf, totalCents: (l.totalCents + 1n).toString() }, moved);
    bad(
      /add up|root/,
      leaf,
      path.map((s, i) => (i === 1 ? { ...s, sum: (BigInt(s.sum) + 5n).toString() } : s)),
    );
    bad(
      /negative/,
      leaf,
      path.map((s, i) => (i === 0 ? { ...s, sum: '-500' } : s)),
    );
    bad(
      /root/,
      leaf,
      path.map((s, i) =>
        i === 2 ? { ...s, hash: s.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) } : s,
      ),
    );
    bad(
      /root/,
      leaf,
      path.map((s, i) => (i === 0 ? { ...s, side: s.side === 'left' ? 'right' : 'left' } : s)),
    );
    bad(/root/, { ...leaf, clientId: ls[5]!.clientId }, path);
    bad(/add up/, leaf, path, { ...rootRef, totalCents: (root.sum - 1n).toString() });
  });

  it('refuses negative totals, sums over 2^63 − 1 cents, an empty tree and bad ids or salts', () => {
    const [a, b] = leaves(2) as [SumLeaf, SumLeaf];
    expect(() => buildSumTree([{ ...a, totalCents: -1n }])).toThrow(SumTreeError);
    expect(() =>
      buildSumTree([
        { ...a, totalCents: 1n << 62n },
        { ...b, totalCents: 1n << 62n },
      ]),
    ).toThrow(/2\^63/);
    expect(() => buildSumTree([])).toThrow(SumTreeError);
    expect(() => buildSumTree([{ ...a, clientId: 'client-1' }])).toThrow(/UUID/);
    expect(() => buildSumTree([{ ...a, salt: new Uint8Array(31) }])).toThrow(/32 bytes/);
  });

  it('proof positions name one sibling per level that has one', () => {
    expect(sumProofPositions(1, 0)).toEqual([]);
    expect(sumProofPositions(5, 4)).toEqual([{ level: 2, index: 0, side: 'left' }]);
    expect(sumProofPositions(5, 1)).toEqual([
      { level: 0, index: 0, side: 'left' },
      { level: 1, index: 1, side: 'right' },
      { level: 2, index: 1, side: 'right' },
    ]);
    expect(() => sumProofPositions(5, 5)).toThrow(SumTreeError);
  });
});
