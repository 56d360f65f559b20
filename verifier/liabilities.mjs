/**
 * The proof of liabilities in the evidence (docs/transparency.md "Proof of liabilities"), exactly as
 * GET /api/transparency/liabilities/proof answers it: the snapshot (signed by the transparency key
 * over "broker-transparency-liabilities-snapshot-v1\n<id>\n<time>\n<root hash>\n<total cents>\n<accounts>\n"),
 * the client's leaf (salt, total) and its path of siblings to the root, every sum recomputed. One
 * function, `checkLiabilities`, so a change of the proof's shape changes this file alone.
 */
import { cents, check, exactKeys, hexBytes, isList, usd, utf8, uuidBytes } from './bytes.mjs';
import { foldSumPath, sumLeaf, sumPathSides } from './proofs.mjs';

const SNAPSHOT_FIELDS = ['snapshotId', 'snapshotAt', 'rootHash', 'total', 'totalCents', 'accounts', 'signature'];

/** Throws EvidenceError unless `usdValue` is `centsValue` in dollars, as the API writes it. */
function sameAmount(usdValue, centsValue, what) {
  check(usdValue === Number(centsValue) / 100, `${what} in dollars differs from its cents`);
}

/**
 * Checks `proof` (or null: the client is in no snapshot) for `client` with the trusted `keys`
 * (notes.mjs `trustedKeys`). Answers the report's lines. Throws EvidenceError.
 */
export async function checkLiabilities(crypto, proof, { client, keys }) {
  if (proof === null) return ['Proof of liabilities: none in the file (you are in no snapshot yet).'];
  exactKeys(proof, [...SNAPSHOT_FIELDS, 'leaf', 'path'], 'the proof of liabilities');
  const what = 'the liabilities snapshot';
  uuidBytes(proof.snapshotId, `${what}'s id`);
  const rootHash = hexBytes(proof.rootHash, 32, `${what}'s root hash`);
  const total = cents(proof.totalCents, `${what}'s total`);
  sameAmount(proof.total, total, `${what}'s total`);
  check(Number.isSafeInteger(proof.accounts) && proof.accounts > 0, `${what}'s number of accounts is not a count`);
  check(typeof proof.snapshotAt === 'string', `${what}'s time is not a time`);
  const lines = [];
  if (proof.signature === null) lines.push('Proof of liabilities: the snapshot was taken before snapshots were signed.');
  else {
    const signature = hexBytes(proof.signature, 64, `${what}'s signature`);
    const message = utf8(
      `broker-transparency-liabilities-snapshot-v1\n${proof.snapshotId}\n${proof.snapshotAt}\n${proof.rootHash}\n${proof.totalCents}\n${proof.accounts}\n`,
    );
    let signer = null;
    for (const key of keys) if (!signer && (await crypto.verifyEd25519(key.publicKey, signature, message))) signer = key;
    check(signer, `${what} is not signed by the pinned key or a key the history certifies from it`);
  }
  const leaf = proof.leaf;
  exactKeys(leaf, ['index', 'clientId', 'salt', 'total', 'totalCents'], 'your liabilities leaf');
  check(leaf.clientId === client, 'the liabilities leaf is not yours');
  check(Number.isSafeInteger(leaf.index) && leaf.index >= 0 && leaf.index < proof.accounts, 'your liabilities leaf has no place in the tree');
  const yours = cents(leaf.totalCents, 'your liabilities total');
  sameAmount(leaf.total, yours, 'your liabilities total');
  const sides = sumPathSides(proof.accounts, leaf.index);
  const path = isList(proof.path, 'the liabilities path');
  check(path.length === sides.length, 'the liabilities path has the wrong length for your place in the tree');
  const steps = path.map((step, n) => {
    exactKeys(step, ['side', 'hash', 'sum'], `step ${n + 1} of the liabilities path`);
    check(step.side === sides[n], `step ${n + 1} of the liabilities path is on the wrong side`);
    return { side: step.side, hash: hexBytes(step.hash, 32, `step ${n + 1}'s hash`), sum: cents(step.sum, `step ${n + 1}'s sum`) };
  });
  const start = await sumLeaf(crypto, hexBytes(leaf.salt, 32, 'your liabilities salt'), uuidBytes(client, 'the client'), yours);
  const root = await foldSumPath(crypto, start, steps);
  check(root.sum === total, "the liabilities path's sums do not add up to the published total");
  check(root.hash.every((b, i) => b === rootHash[i]), 'the liabilities path does not lead to the published root');
  lines.push(
    `Proof of liabilities: your balance of ${usd(yours)} is included in the published total of ${usd(total)} (${proof.accounts} clients, snapshot of ${proof.snapshotAt}${proof.signature === null ? '' : ', signed'}).`,
  );
  return lines;
}
