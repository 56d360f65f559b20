/**
 * The browser's check of the client's proof of liabilities (docs/transparency.md "Proof of
 * liabilities", "What your browser checks"); pure and browser-safe, so the server's tests and an
 * offline verifier run the very same check. It takes the proof answer, the latest snapshot
 * as published for everyone, the journal's tree head this page already verified, the signed-in
 * client's id and their account value now (cents), and answers a verdict. Green (`included`) only
 * when all of these hold:
 *
 * 1. the proof's snapshot is the latest published one, field for field;
 * 2. its record (id, time, cut, root, total, clients, leaves) is a leaf of the journal's log under
 *    the verified head, sealed after its cut;
 * 3. every leaf is the client's (its client id is the signed-in user's; it rehashes with its salt)
 *    and its path leads to the published root and total (sum-tree.ts `verifySumProof`);
 * 4. the leaves sum to the client's account value now less every change since the cut, each such
 *    change sealed after the cut (its inclusion proof verifies; its lines on the client's accounts
 *    add up to the change).
 *
 * A snapshot or a change not sealed yet answers `waiting`, never green. A client not in the
 * snapshot is `next` (grey) only when they had nothing at the cut (account value now less the
 * changes since is zero) and their first account's sealed opening, if any, is at or after the cut;
 * else `missing` (red). Every failure is `failed` with what failed in words.
 */
import type { LiabilitiesProof, LiabilitiesSnapshot } from '../schemas/liabilities';
import { formatUsdText } from '../schemas/money';
import { isEntryV2, sealedLeafHash, type Leaf } from './leaves';
import { verifyInclusion } from './merkle';
import { verifySumProof } from './sum-tree';

/** Cents as `$1,234.56` (`-$1.00` below zero). */
const usd = (cents: bigint) => (cents < 0n ? `-$${formatUsdText(-cents)}` : `$${formatUsdText(cents)}`);

/** What the card says for each outcome (texts in one place). */
export const LIABILITIES_CHECK_MSG = {
  otherAccount: 'This proof is for another account: a leaf in it does not carry your client id.',
  notLatest: 'This snapshot is not the latest published one.',
  differsFromPublished:
    'The proof names the latest snapshot with other figures than the ones published for everyone.',
  noHead: 'The journal’s signed tree head could not be verified, so this proof cannot be checked against it.',
  otherHead: 'The proof is for another tree head than the one this page verified.',
  notSealed:
    'The snapshot’s record is not in the journal: its inclusion proof does not lead to the signed root.',
  sealedInsideCut: 'The snapshot’s record is sealed before its own cut.',
  waitingSeal: 'This snapshot is waiting for the next seal of the journal; check again in a minute.',
  waitingChanges: 'Your latest changes are not sealed into the journal yet; check again in a minute.',
  legacy:
    'This snapshot was taken before snapshots were tied to the journal, so it cannot be compared with your account value; the next one can.',
  duplicateLeaf: 'The proof shows the same leaf twice.',
  pathFails: (reason: string) => `A leaf of yours does not lead to the published root (${reason}).`,
  changeInsideCut: 'A change the proof lists as after the snapshot was sealed before it.',
  changeNotSealed: 'A change the proof lists as after the snapshot does not verify in the journal.',
  changeAmount: 'A change the proof lists does not match its sealed entry.',
  understated: (publishedCents: bigint, actualCents: bigint) =>
    `The published total for you is ${usd(publishedCents)}, your account value at that time was ${usd(actualCents)}.`,
  openingFails: 'The proof of your account’s opening does not verify in the journal.',
  missing:
    'You are missing from the latest proof of liabilities although you were a client when it was taken. What to do: contact support and keep the evidence: download it or take a screenshot of this page, with its date.',
  next: 'Your account was opened after the latest proof of liabilities was taken: it will be in the next one.',
} as const;

/** The outcome of the check (see the header). Amounts in cents. */
export type LiabilitiesVerdict =
  | { kind: 'included'; totalCents: bigint; publishedTotal: number; snapshotAt: string }
  | { kind: 'waiting' | 'next' | 'legacy'; message: string }
  | { kind: 'missing' | 'failed'; message: string };

/** The tree head the page verified: its size and root (null when it did not verify). */
export interface VerifiedHead {
  size: number;
  rootHash: string;
}

/** What the check compares the proof with. */
export interface LiabilitiesCheckInput {
  proof: LiabilitiesProof;
  latest: LiabilitiesSnapshot;
  head: VerifiedHead | null;
  clientId: string;
  /** Available + held + invested now, cents (the figures the dashboard shows). */
  accountValueCents: bigint;
}

const SNAPSHOT_FIELDS = [
  'snapshotId',
  'snapshotAt',
  'rootHash',
  'totalCents',
  'accounts',
  'leaves',
  'cutSize',
  'signature',
] as const;

const fail = (message: string): LiabilitiesVerdict => ({ kind: 'failed', message });

/** The leaf's hash, or null when it cannot be formed. */
function hashOf(leaf: Leaf): string | null {
  try {
    return sealedLeafHash(leaf);
  } catch {
    return null;
  }
}

/** True when `leaf` is at `index` in the verified head's tree along `path`. */
function inLog(leaf: Leaf, index: number, path: string[], head: VerifiedHead): boolean {
  const hash = hashOf(leaf);
  return hash !== null && verifyInclusion(hash, index, head.size, path, head.rootHash);
}

/** Cents as a bigint, or null for anything but an optionally signed integer. */
const cents = (text: string): bigint | null => (/^-?\d+$/.test(text) ? BigInt(text) : null);

/** Checks 4.'s changes; a failure's message, `pending` when one is not sealed yet, or the changes' sum. */
function checkChanges(
  input: LiabilitiesCheckInput,
  cut: number,
  head: VerifiedHead,
): { error: string } | { pending: boolean; sum: bigint } {
  let pending = false;
  let sum = 0n;
  for (const change of input.proof.sinceCut) {
    const amount = cents(change.changeCents);
    if (amount === null) return { error: LIABILITIES_CHECK_MSG.changeAmount };
    sum += amount;
    if (change.leafIndex === null || change.leafIndex >= head.size) {
      pending = true;
      continue;
    }
    if (change.leafIndex < cut) return { error: LIABILITIES_CHECK_MSG.changeInsideCut };
    if (
      !change.entry ||
      !change.auditPath ||
      !inLog(change.entry, change.leafIndex, change.auditPath, head)
    ) {
      return { error: LIABILITIES_CHECK_MSG.changeNotSealed };
    }
    if (!isEntryV2(change.entry) || change.entry.id !== change.entryId)
      return { error: LIABILITIES_CHECK_MSG.changeAmount };
    const sealed = change.entry.lines
      .filter((l) => l.owner === input.clientId)
      .reduce((s, l) => s + (cents(l.amount) ?? 0n), 0n);
    if (sealed !== amount) return { error: LIABILITIES_CHECK_MSG.changeAmount };
  }
  return { pending, sum };
}

/**
 * A client not in the snapshot: their total at the cut (account value now less the changes since)
 * must be zero and their first account's sealed opening, when there is one, at or after the cut;
 * then `next`, else `missing`. A change not sealed yet makes it `waiting`.
 */
function checkAbsent(input: LiabilitiesCheckInput, cut: number, head: VerifiedHead): LiabilitiesVerdict {
  const { opening } = input.proof;
  if (opening) {
    if (
      opening.account.owner !== input.clientId ||
      !inLog(opening.account, opening.leafIndex, opening.auditPath, head)
    ) {
      return fail(LIABILITIES_CHECK_MSG.openingFails);
    }
    if (opening.leafIndex < cut) return { kind: 'missing', message: LIABILITIES_CHECK_MSG.missing };
  }
  const changes = checkChanges(input, cut, head);
  if ('error' in changes) return fail(changes.error);
  if (input.accountValueCents - changes.sum !== 0n)
    return { kind: 'missing', message: LIABILITIES_CHECK_MSG.missing };
  if (changes.pending) return { kind: 'waiting', message: LIABILITIES_CHECK_MSG.waitingChanges };
  return { kind: 'next', message: LIABILITIES_CHECK_MSG.next };
}

/** Checks 3.: every leaf is the client's and leads to the root; the leaves' sum, or a failure's message. */
function checkLeaves(input: LiabilitiesCheckInput): { error: string } | { sum: bigint } {
  const { proof, clientId } = input;
  if (new Set(proof.leaves.map((l) => l.index)).size !== proof.leaves.length) {
    return { error: LIABILITIES_CHECK_MSG.duplicateLeaf };
  }
  let sum = 0n;
  for (const leaf of proof.leaves) {
    if (leaf.clientId.toLowerCase() !== clientId.toLowerCase())
      return { error: LIABILITIES_CHECK_MSG.otherAccount };
    const check = verifySumProof(leaf, leaf.path, {
      hash: proof.snapshot.rootHash,
      totalCents: proof.snapshot.totalCents,
    });
    if (!check.ok) return { error: LIABILITIES_CHECK_MSG.pathFails(check.reason) };
    sum += BigInt(leaf.totalCents);
  }
  return { sum };
}

/** The check of the header. Never throws. */
export function checkLiabilitiesProof(input: LiabilitiesCheckInput): LiabilitiesVerdict {
  const { proof, latest, head } = input;
  const snapshot = proof.snapshot;
  if (snapshot.snapshotId !== latest.snapshotId) return fail(LIABILITIES_CHECK_MSG.notLatest);
  if (SNAPSHOT_FIELDS.some((f) => snapshot[f] !== latest[f]))
    return fail(LIABILITIES_CHECK_MSG.differsFromPublished);
  const cut = snapshot.cutSize;
  if (cut === null) return { kind: 'legacy', message: LIABILITIES_CHECK_MSG.legacy };
  if (!head) return fail(LIABILITIES_CHECK_MSG.noHead);
  if (proof.treeSize !== head.size) return fail(LIABILITIES_CHECK_MSG.otherHead);
  if (!proof.snapshotSeal) return { kind: 'waiting', message: LIABILITIES_CHECK_MSG.waitingSeal };
  const record: Leaf = {
    v: 2,
    leaf: 'liabilities',
    id: snapshot.snapshotId,
    takenAt: snapshot.snapshotAt,
    cutSize: cut,
    rootHash: snapshot.rootHash,
    totalCents: snapshot.totalCents,
    clients: snapshot.accounts,
    leaves: snapshot.leaves,
  };
  if (!inLog(record, proof.snapshotSeal.leafIndex, proof.snapshotSeal.auditPath, head)) {
    return fail(LIABILITIES_CHECK_MSG.notSealed);
  }
  if (proof.snapshotSeal.leafIndex < cut) return fail(LIABILITIES_CHECK_MSG.sealedInsideCut);
  if (!proof.included || proof.leaves.length === 0) return checkAbsent(input, cut, head);
  const leaves = checkLeaves(input);
  if ('error' in leaves) return fail(leaves.error);
  const changes = checkChanges(input, cut, head);
  if ('error' in changes) return fail(changes.error);
  const expected = input.accountValueCents - changes.sum;
  if (leaves.sum !== expected) {
    return fail(LIABILITIES_CHECK_MSG.understated(leaves.sum, expected));
  }
  if (changes.pending) return { kind: 'waiting', message: LIABILITIES_CHECK_MSG.waitingChanges };
  return {
    kind: 'included',
    totalCents: leaves.sum,
    publishedTotal: snapshot.total,
    snapshotAt: snapshot.snapshotAt,
  };
}
