/**
 * What is displayed is what was sealed (docs/transparency.md "What your browser checks"): compares a
 * history line as the server shows it with the sealed journal entry its inclusion proof carries,
 * field by field, and names each difference as "shown X, sealed Y". Pure and browser-safe: the
 * client's browser runs it on every sealed line it shows, and the server's tests run it on the
 * API's own answers.
 *
 * A history line stands for a deposit (its id is the deposit's), a withdrawal (the withdrawal's) or
 * a journal entry with an effect on the client's balance (the entry's); the history's rules are the
 * views of migration `history_pages`. What is compared:
 *
 * | field   | deposit line                   | withdrawal line                          | entry line                     |
 * |---------|--------------------------------|------------------------------------------|--------------------------------|
 * | request | sealed depositId = line id     | sealed withdrawalId = line id            | sealed entry id = line id      |
 * | type    | sealed type deposit            | hold (pending), settle (approved), release (rejected) | the sealed type (withdrawal_settle shows as withdrawal) |
 * | amount  | the client's lines sum         | every line moves the amount              | the client's available lines (and invested ones of a profit) |
 * | sign    | credit                         | debit                                    | the sign of that sum           |
 * | date    | sealed requestedAt             | sealed requestedAt                       | sealed effectiveAt             |
 * | posted  | sealed requestedAt             | sealed requestedAt                       | sealed postedAt                |
 * | owner   | every client account and the entry's client are the signed-in client's (all lines) |
 *
 * A version 1 leaf (sealed before the cut-over) carries no request, owners, kinds, posting or request
 * time: for it only the entry id (entry lines), the type, the effective date (entry lines) and the
 * amount's size (some line moves exactly the shown amount) are compared; `limited` says so.
 */
import { isEntryV2, type EntryLeafV2, type SealedEntry } from './leaves';

/** The fields of a history line the comparison reads (common/schemas/transactions.ts). */
export interface ShownLine {
  _id: string;
  type: string;
  direction: 'credit' | 'debit';
  /** USD, always positive. */
  amount: number;
  status: string;
  /** The deposit's wallet, the withdrawal's method, or `account` for a line that is a journal entry. */
  method: string;
  /** ISO 8601 UTC. */
  date: string;
  createdAt: string;
}

/** The fields a difference can be in. */
export type LineField = 'request' | 'type' | 'status' | 'amount' | 'sign' | 'date' | 'posted' | 'owner';

/** One shown field that differs from the sealed entry, both sides in words. */
export interface LineDifference {
  field: LineField;
  shown: string;
  sealed: string;
}

/**
 * The outcome: `match` (every compared field agrees; `limited` for a version 1 leaf), `mismatch`
 * (with each difference), or `later` (a withdrawal whose shown status is decided by an entry not
 * sealed yet: its hold is sealed, its settlement or release will be).
 */
export type LineComparison =
  | { kind: 'match'; limited: boolean }
  | { kind: 'mismatch'; differences: LineDifference[] }
  | { kind: 'later' };

const WITHDRAWAL_STAGES: Record<string, string> = {
  pending: 'withdrawal_hold',
  approved: 'withdrawal_settle',
  rejected: 'withdrawal_release',
};

/** `+$1,234.56` / `-$1,234.56` from signed cents. */
export function formatSignedUsd(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  const dollars = (abs / 100n).toLocaleString('en-US');
  return `${cents < 0n ? '-' : '+'}$${dollars}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A time as `YYYY-MM-DD HH:MM:SS UTC` (the shown value when unparseable). */
function formatTime(iso: string | null): string {
  if (iso === null) return 'none';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const sameTime = (a: string, b: string | null) => b !== null && Date.parse(a) === Date.parse(b);

/** The shown amount in signed cents (credit positive). */
const shownCents = (line: ShownLine): bigint =>
  BigInt(Math.round(line.amount * 100)) * (line.direction === 'debit' ? -1n : 1n);

/** What a line stands for: an entry line's method is the ledger's `account`; else its request. */
function lineSource(line: ShownLine): 'deposit' | 'withdrawal' | 'entry' {
  if (line.method === 'account') return 'entry';
  return line.type === 'deposit' ? 'deposit' : 'withdrawal';
}

/** The client's effect of an entry as its history line shows it (migration `history_pages`), cents. */
function entryEffect(entry: EntryLeafV2): bigint {
  return entry.lines
    .filter(
      (l) =>
        l.owner === entry.client &&
        (l.kind === 'available' || (entry.type === 'profit' && l.kind === 'invested')),
    )
    .reduce((s, l) => s + BigInt(l.amount), 0n);
}

const abs = (n: bigint) => (n < 0n ? -n : n);

type Add = (field: LineField, shown: string, sealed: string) => void;

/**
 * A withdrawal line: the stage its status names, a debit, every line moving the amount. True when
 * the sealed entry is the hold and the shown status is decided by a later entry, not sealed yet.
 */
function compareWithdrawal(line: ShownLine, entry: SealedEntry, shown: bigint, add: Add): boolean {
  const expected = WITHDRAWAL_STAGES[line.status];
  let later = false;
  if (!Object.values(WITHDRAWAL_STAGES).includes(entry.type)) add('type', 'withdrawal', entry.type);
  else if (entry.type === 'withdrawal_hold' && expected && expected !== entry.type) later = true;
  else if (expected !== entry.type) add('status', line.status, entry.type);
  if (line.direction !== 'debit') add('sign', line.direction, 'debit');
  const other = entry.lines.map((l) => abs(BigInt(l.amount))).find((m) => m !== abs(shown));
  if (other !== undefined) add('amount', formatSignedUsd(-abs(shown)), formatSignedUsd(-other));
  return later;
}

/** A deposit line: a deposit entry crediting the client's accounts with the amount. */
function compareDeposit(line: ShownLine, entry: SealedEntry, shown: bigint, add: Add): void {
  if (entry.type !== 'deposit') add('type', 'deposit', entry.type);
  if (line.direction !== 'credit') add('sign', line.direction, 'credit');
  const credited = isEntryV2(entry)
    ? entry.lines.filter((l) => l.owner !== null).reduce((s, l) => s + BigInt(l.amount), 0n)
    : (entry.lines.map((l) => BigInt(l.amount)).find((a) => a > 0n) ?? 0n);
  if (credited !== abs(shown)) add('amount', formatSignedUsd(abs(shown)), formatSignedUsd(credited));
}

/** An entry line: the entry itself, its type, effective date and effect on the client's balance. */
function compareEntry(line: ShownLine, entry: SealedEntry, shown: bigint, add: Add): void {
  if (entry.id !== line._id) add('request', `entry ${line._id}`, `entry ${entry.id}`);
  const sealedType = entry.type === 'withdrawal_settle' ? 'withdrawal' : entry.type;
  if (sealedType !== line.type) add('type', line.type, sealedType);
  if (!sameTime(line.date, entry.effectiveAt))
    add('date', formatTime(line.date), formatTime(entry.effectiveAt));
  if (!isEntryV2(entry)) {
    if (!entry.lines.some((l) => abs(BigInt(l.amount)) === abs(shown))) {
      add('amount', formatSignedUsd(shown), 'no line of that amount');
    }
    return;
  }
  const effect = entryEffect(entry);
  if (effect === -shown && effect !== 0n)
    add('sign', line.direction, line.direction === 'credit' ? 'debit' : 'credit');
  else if (effect !== shown) add('amount', formatSignedUsd(shown), formatSignedUsd(effect));
}

/** What only a version 2 leaf says: the request, its date, the posting time and the owners. */
function compareV2(
  line: ShownLine,
  source: ReturnType<typeof lineSource>,
  entry: EntryLeafV2,
  clientId: string,
  add: Add,
): void {
  if (source === 'deposit' && entry.depositId !== line._id) {
    add('request', `deposit ${line._id}`, `deposit ${entry.depositId ?? 'none'}`);
  }
  if (source === 'withdrawal' && entry.withdrawalId !== line._id) {
    add('request', `withdrawal ${line._id}`, `withdrawal ${entry.withdrawalId ?? 'none'}`);
  }
  if (source === 'entry' && (entry.depositId !== null || entry.withdrawalId !== null)) {
    add(
      'request',
      'no deposit or withdrawal',
      `${entry.depositId ? 'deposit' : 'withdrawal'} ${entry.depositId ?? entry.withdrawalId}`,
    );
  }
  if (source !== 'entry' && !sameTime(line.date, entry.requestedAt)) {
    add('date', formatTime(line.date), formatTime(entry.requestedAt));
  }
  const posted = source === 'entry' ? entry.postedAt : entry.requestedAt;
  if (!sameTime(line.createdAt, posted)) add('posted', formatTime(line.createdAt), formatTime(posted));
  const others = new Set(
    [entry.client, ...entry.lines.map((l) => l.owner)].filter(
      (o): o is string => o !== null && o !== clientId,
    ),
  );
  if (others.size) add('owner', 'your accounts', `another client's (${[...others].join(', ')})`);
}

/**
 * Compares `line` as shown with `entry` as sealed, for the signed-in client `clientId` (see the
 * header).
 */
export function compareLineWithSealed(line: ShownLine, entry: SealedEntry, clientId: string): LineComparison {
  if (!Number.isFinite(line.amount)) {
    return {
      kind: 'mismatch',
      differences: [{ field: 'amount', shown: String(line.amount), sealed: 'an amount' }],
    };
  }
  const differences: LineDifference[] = [];
  const add: Add = (field, shown, sealed) => differences.push({ field, shown, sealed });
  const shown = shownCents(line);
  const source = lineSource(line);
  let later = false;
  if (source === 'withdrawal') later = compareWithdrawal(line, entry, shown, add);
  else if (source === 'deposit') compareDeposit(line, entry, shown, add);
  else compareEntry(line, entry, shown, add);
  if (isEntryV2(entry)) compareV2(line, source, entry, clientId, add);
  if (differences.length) return { kind: 'mismatch', differences };
  return later ? { kind: 'later' } : { kind: 'match', limited: !isEntryV2(entry) };
}

/** The differences in words: "shown X, sealed Y; shown …". */
export function describeDifferences(differences: LineDifference[]): string {
  return differences.map((d) => `shown ${d.shown}, sealed ${d.sealed}`).join('; ');
}
