/**
 * The journal log's leaves written out from their fields (docs/transparency.md "Checking by hand"):
 * the canonical JSON of an entry (version 1 and 2), an account opening and a liabilities snapshot's
 * record, for proofs that carry a leaf as fields rather than as its text. No spaces; keys in the
 * order below; strings as JSON.stringify writes them; amounts decimal strings of integer cents;
 * an entry's lines sorted by account id, then amount. No imports beyond this folder.
 */
import { check, exactKeys, signedCents } from './bytes.mjs';

const V1 = ['id', 'type', 'effectiveAt', 'memo', 'lines', 'reverses'];
const V2 = [
  'v',
  'leaf',
  'id',
  'type',
  'client',
  'effectiveAt',
  'postedAt',
  'memo',
  'depositId',
  'withdrawalId',
  'planId',
  'tradingActivityId',
  'requestedAt',
  'lines',
  'reverses',
];

const str = JSON.stringify;

/** An entry's lines (with exactly `fields`) sorted as the leaf holds them, amounts normalised. Throws EvidenceError. */
function sortedLines(lines, fields, what) {
  check(Array.isArray(lines), `${what}'s lines are not a list`);
  for (const line of lines) exactKeys(line, fields, `a line of ${what}`);
  return lines
    .map((l) => ({ ...l, amount: signedCents(l.amount, `${what}'s amount`) }))
    .sort((a, b) =>
      a.accountId !== b.accountId
        ? a.accountId < b.accountId
          ? -1
          : 1
        : a.amount === b.amount
          ? 0
          : a.amount < b.amount
            ? -1
            : 1,
    );
}

/** The leaf text of a journal entry in its version (2 when it has `v`, else 1), with exactly its fields. Throws EvidenceError. */
export function entryLeafText(e, what) {
  check(e !== null && typeof e === 'object', `${what} is not an entry`);
  if ('v' in e) {
    exactKeys(e, V2, what);
    check(e.v === 2 && e.leaf === 'entry', `${what} is not an entry of version 2`);
    const lines = sortedLines(e.lines, ['accountId', 'kind', 'owner', 'amount'], what).map(
      (l) =>
        `{"accountId":${str(l.accountId)},"kind":${str(l.kind)},"owner":${str(l.owner)},"amount":${str(l.amount.toString())}}`,
    );
    return (
      `{"v":2,"leaf":"entry","id":${str(e.id)},"type":${str(e.type)},"client":${str(e.client)},` +
      `"effectiveAt":${str(e.effectiveAt)},"postedAt":${str(e.postedAt)},"memo":${str(e.memo)},` +
      `"depositId":${str(e.depositId)},"withdrawalId":${str(e.withdrawalId)},"planId":${str(e.planId)},` +
      `"tradingActivityId":${str(e.tradingActivityId)},"requestedAt":${str(e.requestedAt)},` +
      `"lines":[${lines.join(',')}],"reverses":${str(e.reverses)}}`
    );
  }
  exactKeys(e, V1, what);
  const lines = sortedLines(e.lines, ['accountId', 'amount'], what).map(
    (l) => `{"accountId":${str(l.accountId)},"amount":${str(l.amount.toString())}}`,
  );
  return (
    `{"id":${str(e.id)},"type":${str(e.type)},"effectiveAt":${str(e.effectiveAt)},"memo":${str(e.memo)},` +
    `"lines":[${lines.join(',')}],"reverses":${str(e.reverses)}}`
  );
}

/** The leaf text of an account opening, with exactly its fields. Throws EvidenceError. */
export function accountLeafText(a, what) {
  exactKeys(a, ['v', 'leaf', 'id', 'kind', 'owner', 'openedAt'], what);
  check(a.v === 2 && a.leaf === 'account', `${what} is not an account opening`);
  return `{"v":2,"leaf":"account","id":${str(a.id)},"kind":${str(a.kind)},"owner":${str(a.owner)},"openedAt":${str(a.openedAt)}}`;
}

/** The leaf text of a liabilities snapshot's record, from the snapshot as published. */
export function snapshotLeafText(s) {
  return (
    `{"v":2,"leaf":"liabilities","id":${str(s.snapshotId)},"takenAt":${str(s.snapshotAt)},"cutSize":${s.cutSize},` +
    `"rootHash":${str(s.rootHash)},"totalCents":${str(s.totalCents)},"clients":${s.accounts},"leaves":${s.leaves}}`
  );
}
