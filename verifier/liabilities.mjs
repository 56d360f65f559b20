/**
 * The proof of liabilities in the evidence (docs/transparency.md "Proof of liabilities"), exactly as
 * GET /api/transparency/liabilities/proof answers it under the file's checkpoint: the snapshot
 * (signed by the transparency key over "broker-transparency-liabilities-snapshot-v1\n<id>\n<time>\n
 * <root hash>\n<total cents>\n<clients>\n"), its record sealed in the log, the client's leaves with
 * their paths to the root (every sum recomputed), the client's total at the cut, the entries since
 * the cut and, for a client with no leaf, their first account's opening. One function,
 * `checkLiabilities`, so a change of the proof's shape changes this file alone.
 */
import {
  cents,
  check,
  count,
  exactKeys,
  hexBytes,
  isList,
  signedCents,
  usd,
  utf8,
  uuidBytes,
} from './bytes.mjs';
import { accountLeafText, entryLeafText, snapshotLeafText } from './leaves.mjs';
import { foldSumPath, inclusionHolds, logLeafHash, sumLeaf, sumPathSides } from './proofs.mjs';

const PROOF_FIELDS = [
  'included',
  'snapshot',
  'treeSize',
  'snapshotSeal',
  'leaves',
  'totalAtCut',
  'totalAtCutCents',
  'sinceCut',
  'opening',
];
const SNAPSHOT_FIELDS = [
  'snapshotId',
  'snapshotAt',
  'rootHash',
  'total',
  'totalCents',
  'accounts',
  'leaves',
  'cutSize',
  'signature',
];

/** Throws EvidenceError unless `usdValue` is `centsValue` in dollars, as the API writes it. */
function sameAmount(usdValue, centsValue, what) {
  check(usdValue === Number(centsValue) / 100, `${what} in dollars differs from its cents`);
}

/** Throws EvidenceError unless `text`, a leaf, is in the checkpoint's log at `leafIndex` by `auditPath`. */
async function inLog(crypto, text, leafIndex, auditPath, head, what) {
  count(leafIndex, `${what}'s leaf index`);
  const path = isList(auditPath, `${what}'s inclusion proof`).map((h, n) =>
    hexBytes(h, 32, `hash ${n + 1} of ${what}'s inclusion proof`),
  );
  const hash = await logLeafHash(crypto, utf8(text));
  check(
    await inclusionHolds(crypto, hash, leafIndex, head.size, path, head.root),
    `${what}: its inclusion proof does not lead to the checkpoint's root`,
  );
}

/** The snapshot: well formed, signed by a trusted key (unless taken before snapshots were signed). */
async function checkSnapshot(crypto, s, keys) {
  const what = 'the liabilities snapshot';
  exactKeys(s, SNAPSHOT_FIELDS, what);
  uuidBytes(s.snapshotId, `${what}'s id`);
  check(typeof s.snapshotAt === 'string', `${what}'s time is not text`);
  const root = hexBytes(s.rootHash, 32, `${what}'s root hash`);
  const total = cents(s.totalCents, `${what}'s total`);
  sameAmount(s.total, total, `${what}'s total`);
  count(s.accounts, `${what}'s number of clients`, 1);
  count(s.leaves, `${what}'s number of leaves`, 1);
  if (s.cutSize !== null) count(s.cutSize, `${what}'s cut`);
  if (s.signature !== null) {
    const signature = hexBytes(s.signature, 64, `${what}'s signature`);
    const message = utf8(
      `broker-transparency-liabilities-snapshot-v1\n${s.snapshotId}\n${s.snapshotAt}\n${s.rootHash}\n${s.totalCents}\n${s.accounts}\n`,
    );
    let signed = false;
    for (const key of keys) signed ||= await crypto.verifyEd25519(key.publicKey, signature, message);
    check(signed, `${what} is not signed by the pinned key or a key the history certifies from it`);
  }
  return { root, total };
}

/** The client's leaves: each theirs, each path to the root with its sums; answers their sum (cents). */
async function checkLeaves(crypto, proof, snapshot, client) {
  let sum = 0n;
  let after = -1;
  for (const [n, leaf] of isList(proof.leaves, 'your liabilities leaves').entries()) {
    const what = `your liabilities leaf ${n + 1}`;
    exactKeys(leaf, ['index', 'clientId', 'salt', 'total', 'totalCents', 'path'], what);
    check(leaf.clientId === client, `${what} is not yours`);
    check(
      count(leaf.index, `${what}'s place`) > after && leaf.index < proof.snapshot.leaves,
      `${what} has no place of its own in the tree`,
    );
    const total = cents(leaf.totalCents, `${what}'s total`);
    sameAmount(leaf.total, total, `${what}'s total`);
    const sides = sumPathSides(proof.snapshot.leaves, leaf.index);
    const path = isList(leaf.path, `${what}'s path`);
    check(path.length === sides.length, `${what}'s path has the wrong length for its place`);
    const steps = path.map((step, k) => {
      exactKeys(step, ['side', 'hash', 'sum'], `step ${k + 1} of ${what}'s path`);
      check(step.side === sides[k], `step ${k + 1} of ${what}'s path is on the wrong side`);
      return {
        side: step.side,
        hash: hexBytes(step.hash, 32, `step ${k + 1}'s hash`),
        sum: cents(step.sum, `step ${k + 1}'s sum`),
      };
    });
    const start = await sumLeaf(
      crypto,
      hexBytes(leaf.salt, 32, `${what}'s salt`),
      uuidBytes(client, 'the client'),
      total,
    );
    const root = await foldSumPath(crypto, start, steps);
    check(root.sum === snapshot.total, `${what}: the sums of its path do not add up to the published total`);
    check(
      root.hash.every((b, i) => b === snapshot.root[i]),
      `${what}: its path does not lead to the published root`,
    );
    sum += total;
    after = leaf.index;
  }
  return sum;
}

/** The entries since the cut: each sealed one in the log and in the file; answers how many are not sealed yet. */
async function checkSinceCut(crypto, proof, ctx) {
  const cut = proof.snapshot.cutSize;
  const byIndex = new Map(ctx.entries.map((e) => [e.leafIndex, e]));
  const sealed = new Set();
  let pending = 0;
  for (const [n, item] of isList(proof.sinceCut, 'the entries since the cut').entries()) {
    const what = `entry ${n + 1} since the cut`;
    exactKeys(item, ['entryId', 'changeCents', 'change', 'leafIndex', 'auditPath', 'entry'], what);
    uuidBytes(item.entryId, `${what}'s id`);
    sameAmount(item.change, signedCents(item.changeCents, `${what}'s change`), `${what}'s change`);
    if (item.leafIndex === null || item.leafIndex >= ctx.head.size) {
      check(
        item.auditPath === null && item.entry === null,
        `${what} is not in the checkpoint's log yet carries a proof`,
      );
      pending += 1;
      continue;
    }
    check(cut !== null && item.leafIndex >= cut, `${what} is sealed before the cut`);
    const text = entryLeafText(item.entry, what);
    await inLog(crypto, text, item.leafIndex, item.auditPath, ctx.head, what);
    check(item.entry.id === item.entryId, `${what} names another entry than it proves`);
    const mine = byIndex.get(item.leafIndex);
    check(mine && mine.text === text, `${what} is not among your journal entries in the file`);
    check(
      mine.change.toString() === item.changeCents,
      `${what} changes your total by ${item.changeCents} cents, sealed ${mine.change}`,
    );
    sealed.add(item.leafIndex);
  }
  if (cut !== null) {
    const after = ctx.entries.filter((e) => e.leafIndex >= cut && e.change !== 0n);
    check(
      after.length === sealed.size,
      'the entries since the cut are not every entry of yours sealed since it that changed your total',
    );
    const before = ctx.entries.filter((e) => e.leafIndex < cut).reduce((s, e) => s + e.change, 0n);
    check(
      before.toString() === proof.totalAtCutCents,
      `your total at the cut is ${usd(BigInt(proof.totalAtCutCents))}, your entries before it add up to ${usd(before)}`,
    );
  }
  return { sealed: sealed.size, pending };
}

/**
 * Checks `proof` (null: no snapshot yet) for `ctx.client`, with the trusted `ctx.keys`, the
 * checkpoint `ctx.head` ({ size, root }) and the file's own proven `ctx.entries`
 * ([{ leafIndex, text, change }]) and `ctx.accounts` ([{ leafIndex, text }]). Answers the report's
 * lines. Throws EvidenceError.
 */
export async function checkLiabilities(crypto, proof, ctx) {
  if (proof === null) return ['Proof of liabilities: none published yet.'];
  exactKeys(proof, PROOF_FIELDS, 'the proof of liabilities');
  check(proof.treeSize === ctx.head.size, "the proof of liabilities is not under the file's checkpoint");
  const snapshot = await checkSnapshot(crypto, proof.snapshot, ctx.keys);
  const s = proof.snapshot;
  const lines = [];
  let seal = 'not in the log yet (it is sealed with the next seal)';
  if (proof.snapshotSeal !== null) {
    exactKeys(proof.snapshotSeal, ['leafIndex', 'auditPath'], "the snapshot's seal");
    check(
      s.cutSize !== null && proof.snapshotSeal.leafIndex >= s.cutSize,
      'a snapshot without a cut, or sealed before its cut, has no record in the log',
    );
    await inLog(
      crypto,
      snapshotLeafText(s),
      proof.snapshotSeal.leafIndex,
      proof.snapshotSeal.auditPath,
      ctx.head,
      "the snapshot's record",
    );
    seal = `in the checkpoint's log at leaf ${proof.snapshotSeal.leafIndex}, cut at ${s.cutSize} leaves`;
  }
  const yours = await checkLeaves(crypto, proof, snapshot, ctx.client);
  check(
    proof.included === proof.leaves.length > 0,
    'the proof says you are included, yet holds no leaf of yours (or the other way round)',
  );
  check(yours.toString() === proof.totalAtCutCents, 'your leaves do not add up to your total at the cut');
  sameAmount(proof.totalAtCut, yours, 'your total at the cut');
  const since = await checkSinceCut(crypto, proof, ctx);
  if (proof.included) check(proof.opening === null, 'the proof includes you yet names an opening');
  else if (proof.opening !== null) {
    exactKeys(proof.opening, ['leafIndex', 'auditPath', 'account'], 'your first opening');
    const text = accountLeafText(proof.opening.account, 'your first opening');
    await inLog(
      crypto,
      text,
      proof.opening.leafIndex,
      proof.opening.auditPath,
      ctx.head,
      'your first opening',
    );
    check(
      ctx.accounts.some((a) => a.leafIndex === proof.opening.leafIndex && a.text === text),
      'the opening the proof names is not among your account openings in the file',
    );
  }
  lines.push(
    `Proof of liabilities: snapshot ${s.snapshotId} of ${s.snapshotAt}${s.signature === null ? ' (taken before snapshots were signed)' : ', signed'}, total ${usd(snapshot.total)} over ${s.accounts} client${s.accounts === 1 ? '' : 's'}; its record is ${seal}.`,
    proof.included
      ? `Your ${proof.leaves.length} leaves add up to ${usd(yours)}, each included in that total (paths and sums verified)${s.cutSize === null ? '' : ', and your entries before the cut add up to the same'}.`
      : 'You are not in this snapshot (you had no account at its cut).',
    `Since the cut: ${since.sealed} ${since.sealed === 1 ? 'entry' : 'entries'} of yours sealed (as in the file)${since.pending ? `, ${since.pending} not sealed in this checkpoint yet (not checked)` : ''}.`,
  );
  return lines;
}
