/**
 * The leaves of the verifiable journal's log, version 2 (docs/transparency.md "Checking by hand"),
 * and the dispatch over both versions. Version 1 (journal.ts `canonicalEntryJson`) is what entries
 * sealed before the cut-over keep: the log is append-only, so a sealed leaf never changes its
 * bytes. Every leaf sealed since is version 2, of one of two kinds:
 *
 * - an **entry** leaf commits, beyond version 1, to the client the entry concerns, the owner and
 *   kind of every account a line touches, the time it was posted (`postedAt`, the journal's
 *   created_at) besides the effective time, the deposit, withdrawal, plan and trading activity it
 *   belongs to, and the time that deposit or withdrawal was requested (the date its history line
 *   shows). UTF-8 of, no spaces, keys in this order:
 *     {"v":2,"leaf":"entry","id":…,"type":…,"client":…,"effectiveAt":…,"postedAt":…,"memo":…,
 *      "depositId":…,"withdrawalId":…,"planId":…,"tradingActivityId":…,"requestedAt":…,
 *      "lines":[{"accountId":…,"kind":…,"owner":…,"amount":…},…],"reverses":…}
 *   ids are UUID strings or null; `owner` is null for the house's accounts; times are ISO 8601 UTC
 *   with milliseconds; amounts decimal strings of signed integer cents; lines sorted by account id,
 *   then amount (numerically).
 * - an **account** leaf is the sealed fact of an account's opening, with its owner:
 *     {"v":2,"leaf":"account","id":…,"kind":…,"owner":…,"openedAt":…}
 * - a **liabilities** leaf is the record of a proof-of-liabilities snapshot (docs/transparency.md
 *   "Proof of liabilities"): its id, when it was taken, its cut (the log size its totals are summed
 *   to), the sum tree's root hash and total (cents, decimal string), clients and leaves:
 *     {"v":2,"leaf":"liabilities","id":…,"takenAt":…,"cutSize":…,"rootHash":…,"totalCents":…,"clients":…,"leaves":…}
 *
 * Leaf hash = SHA-256(0x00 || bytes) for every version and kind. A version 1 leaf's bytes begin
 * with `{"id"`, a version 2 leaf's with `{"v":2`, so no bytes are a leaf of two kinds.
 * Pure and browser-safe.
 */
import { leafHash } from './merkle';
import { canonicalEntryBytes, type CanonicalEntry } from './journal';

/** One line of a version 2 entry leaf: the account, its kind and owner (null: the house), cents. */
export interface SealedLineV2 {
  accountId: string;
  kind: string;
  owner: string | null;
  amount: string;
}

/** A journal entry as a version 2 leaf seals it (see the header). */
export interface EntryLeafV2 {
  v: 2;
  leaf: 'entry';
  id: string;
  type: string;
  /** The client the entry concerns (whose history shows it). */
  client: string;
  effectiveAt: string;
  postedAt: string;
  memo: string;
  depositId: string | null;
  withdrawalId: string | null;
  planId: string | null;
  tradingActivityId: string | null;
  /** When the deposit or withdrawal was requested (its history line's date); null for neither. */
  requestedAt: string | null;
  lines: SealedLineV2[];
  reverses: string | null;
}

/** The sealed opening of a ledger account (see the header). */
export interface AccountLeaf {
  v: 2;
  leaf: 'account';
  id: string;
  kind: string;
  owner: string | null;
  openedAt: string;
}

/** The sealed record of a proof-of-liabilities snapshot (see the header). */
export interface LiabilitiesLeaf {
  v: 2;
  leaf: 'liabilities';
  id: string;
  /** When the snapshot was taken, ISO 8601 UTC with milliseconds. */
  takenAt: string;
  /** The log size the snapshot's totals are summed to. */
  cutSize: number;
  rootHash: string;
  /** The sum tree's total, cents as a decimal string. */
  totalCents: string;
  clients: number;
  leaves: number;
}

/** A sealed journal entry of either version, as the inclusion route answers it. */
export type SealedEntry = CanonicalEntry | EntryLeafV2;

/** Any leaf of the log. */
export type Leaf = SealedEntry | AccountLeaf | LiabilitiesLeaf;

/** True for a version 2 entry leaf. */
export const isEntryV2 = (entry: SealedEntry): entry is EntryLeafV2 => 'v' in entry && entry.v === 2;

const str = (v: string | null) => JSON.stringify(v);

const cents = (amount: string): bigint => {
  if (!/^-?\d+$/.test(amount)) throw new SyntaxError(`Amount ${amount} is not integer cents`);
  return BigInt(amount);
};

const byAccountThenAmount = (a: SealedLineV2, b: SealedLineV2): number => {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  const [x, y] = [cents(a.amount), cents(b.amount)];
  return x === y ? 0 : x < y ? -1 : 1;
};

/** The canonical JSON of a version 2 entry leaf. Throws a SyntaxError for an amount that is not integer cents. */
export function entryLeafV2Json(e: EntryLeafV2): string {
  const lines = e.lines
    .map((l) => ({ ...l, amount: cents(l.amount).toString() }))
    .sort(byAccountThenAmount)
    .map(
      (l) =>
        `{"accountId":${str(l.accountId)},"kind":${str(l.kind)},"owner":${str(l.owner)},"amount":${str(l.amount)}}`,
    );
  return (
    `{"v":2,"leaf":"entry","id":${str(e.id)},"type":${str(e.type)},"client":${str(e.client)},` +
    `"effectiveAt":${str(e.effectiveAt)},"postedAt":${str(e.postedAt)},"memo":${str(e.memo)},` +
    `"depositId":${str(e.depositId)},"withdrawalId":${str(e.withdrawalId)},"planId":${str(e.planId)},` +
    `"tradingActivityId":${str(e.tradingActivityId)},"requestedAt":${str(e.requestedAt)},` +
    `"lines":[${lines.join(',')}],"reverses":${str(e.reverses)}}`
  );
}

/** The canonical JSON of an account leaf. */
export function accountLeafJson(a: AccountLeaf): string {
  return `{"v":2,"leaf":"account","id":${str(a.id)},"kind":${str(a.kind)},"owner":${str(a.owner)},"openedAt":${str(a.openedAt)}}`;
}

/**
 * The canonical JSON of a liabilities leaf. Throws a SyntaxError for a total that is not
 * non-negative integer cents or counts that are not non-negative integers.
 */
export function liabilitiesLeafJson(s: LiabilitiesLeaf): string {
  if (!/^(0|[1-9]\d*)$/.test(s.totalCents)) throw new SyntaxError(`Total ${s.totalCents} is not cents`);
  for (const n of [s.cutSize, s.clients, s.leaves]) {
    if (!Number.isSafeInteger(n) || n < 0) throw new SyntaxError(`${n} is not a count`);
  }
  return (
    `{"v":2,"leaf":"liabilities","id":${str(s.id)},"takenAt":${str(s.takenAt)},"cutSize":${s.cutSize},` +
    `"rootHash":${str(s.rootHash)},"totalCents":${str(s.totalCents)},"clients":${s.clients},"leaves":${s.leaves}}`
  );
}

/** A leaf's bytes, by version and kind. */
export function leafBytes(leaf: Leaf): Uint8Array {
  if (!('v' in leaf)) return canonicalEntryBytes(leaf);
  const json =
    leaf.leaf === 'entry'
      ? entryLeafV2Json(leaf)
      : leaf.leaf === 'account'
        ? accountLeafJson(leaf)
        : liabilitiesLeafJson(leaf);
  return new TextEncoder().encode(json);
}

/** A leaf's hash (hex): SHA-256(0x00 || its bytes). Throws a SyntaxError for a malformed amount. */
export function sealedLeafHash(leaf: Leaf): string {
  return leafHash(leafBytes(leaf));
}
