/**
 * The leaf bytes of version 2 as docs/transparency.md "Checking by hand" writes them out, and the
 * browser's comparison of a history line with its sealed entry (history-line.ts): each shown field
 * that differs is named as "shown X, sealed Y"; a version 1 leaf compares less and says so.
 */
import { describe, expect, it } from 'vitest';
import { compareLineWithSealed, describeDifferences, type ShownLine } from './history-line';
import { accountLeafJson, entryLeafV2Json, sealedLeafHash, type EntryLeafV2 } from './leaves';
import { entryLeafHash, type CanonicalEntry } from './journal';

const ME = '0190a000-0000-7000-8000-00000000000a';
const OTHER = '0190a000-0000-7000-8000-00000000000b';
const [AVAILABLE, HELD, CASH] = [
  '0190b000-0000-7000-8000-000000000001',
  '0190b000-0000-7000-8000-000000000002',
  '0190b000-0000-7000-8000-000000000003',
];
const DEPOSIT = '0190c000-0000-7000-8000-0000000000d1';
const WITHDRAWAL = '0190c000-0000-7000-8000-0000000000e1';
const REQUESTED = '2026-11-02T09:30:00.000Z';
const POSTED = '2026-11-02T10:00:00.123Z';

const sealed = (over: Partial<EntryLeafV2> = {}): EntryLeafV2 => ({
  v: 2,
  leaf: 'entry',
  id: '0190d000-0000-7000-8000-000000000001',
  type: 'deposit',
  client: ME,
  effectiveAt: POSTED,
  postedAt: POSTED,
  memo: 'Deposit via bitcoin',
  depositId: DEPOSIT,
  withdrawalId: null,
  planId: null,
  tradingActivityId: null,
  requestedAt: REQUESTED,
  lines: [
    { accountId: CASH, kind: 'cash', owner: null, amount: '-25000' },
    { accountId: AVAILABLE, kind: 'available', owner: ME, amount: '25000' },
  ],
  reverses: null,
  ...over,
});

const depositLine: ShownLine = {
  _id: DEPOSIT,
  type: 'deposit',
  direction: 'credit',
  amount: 250,
  status: 'approved',
  method: 'bitcoin',
  date: REQUESTED,
  createdAt: REQUESTED,
};

const shown = (line: ShownLine, entry: Parameters<typeof compareLineWithSealed>[1], me = ME) => {
  const r = compareLineWithSealed(line, entry, me);
  return r.kind === 'mismatch' ? describeDifferences(r.differences) : r;
};

describe('leaf bytes, version 2', () => {
  it('writes an entry leaf with fixed keys, lines sorted by account then amount', () => {
    const text =
      `{"v":2,"leaf":"entry","id":"0190d000-0000-7000-8000-000000000001","type":"deposit","client":"${ME}",` +
      `"effectiveAt":"${POSTED}","postedAt":"${POSTED}","memo":"Deposit via bitcoin","depositId":"${DEPOSIT}",` +
      `"withdrawalId":null,"planId":null,"tradingActivityId":null,"requestedAt":"${REQUESTED}",` +
      `"lines":[{"accountId":"${AVAILABLE}","kind":"available","owner":"${ME}","amount":"25000"},` +
      `{"accountId":"${CASH}","kind":"cash","owner":null,"amount":"-25000"}],"reverses":null}`;
    expect(entryLeafV2Json(sealed())).toBe(text);
    expect(() =>
      entryLeafV2Json(sealed({ lines: [{ accountId: CASH, kind: 'cash', owner: null, amount: '1.5' }] })),
    ).toThrow(SyntaxError);
  });

  it('writes an account opening, and never hashes a version 2 entry as version 1', () => {
    const opening = {
      v: 2,
      leaf: 'account',
      id: AVAILABLE,
      kind: 'available',
      owner: ME,
      openedAt: POSTED,
    } as const;
    expect(accountLeafJson(opening)).toBe(
      `{"v":2,"leaf":"account","id":"${AVAILABLE}","kind":"available","owner":"${ME}","openedAt":"${POSTED}"}`,
    );
    const v1: CanonicalEntry = {
      id: 'x',
      type: 'deposit',
      effectiveAt: POSTED,
      memo: '',
      lines: [],
      reverses: null,
    };
    expect(sealedLeafHash(v1)).toBe(entryLeafHash(v1));
    expect(sealedLeafHash(sealed())).not.toBe(entryLeafHash(sealed()));
  });
});

describe('a history line against its sealed entry', () => {
  it('a deposit line matches; its amount, sign, type, request and owner are each named when they differ', () => {
    expect(compareLineWithSealed(depositLine, sealed(), ME)).toEqual({ kind: 'match', limited: false });
    expect(shown({ ...depositLine, amount: 2500 }, sealed())).toBe('shown +$2,500.00, sealed +$250.00');
    expect(shown({ ...depositLine, direction: 'debit' }, sealed())).toBe('shown debit, sealed credit');
    expect(shown(depositLine, sealed({ type: 'bonus' }))).toBe('shown deposit, sealed bonus');
    expect(shown(depositLine, sealed({ depositId: OTHER }))).toBe(
      `shown deposit ${DEPOSIT}, sealed deposit ${OTHER}`,
    );
    expect(shown({ ...depositLine, date: '2026-10-02T09:30:00.000Z' }, sealed())).toBe(
      'shown 2026-10-02 09:30:00 UTC, sealed 2026-11-02 09:30:00 UTC',
    );
    expect(shown(depositLine, sealed(), OTHER)).toBe(`shown your accounts, sealed another client's (${ME})`);
    expect(shown({ ...depositLine, amount: Number.NaN }, sealed())).toBe('shown NaN, sealed an amount');
  });

  it('a withdrawal line: its status names the sealed stage; a later stage not sealed yet is "later"', () => {
    const hold = sealed({
      type: 'withdrawal_hold',
      depositId: null,
      withdrawalId: WITHDRAWAL,
      lines: [
        { accountId: AVAILABLE, kind: 'available', owner: ME, amount: '-4000' },
        { accountId: HELD, kind: 'held', owner: ME, amount: '4000' },
      ],
    });
    const line: ShownLine = {
      ...depositLine,
      _id: WITHDRAWAL,
      type: 'withdrawal',
      direction: 'debit',
      amount: 40,
      status: 'pending',
      method: 'ethereum',
    };
    expect(compareLineWithSealed(line, hold, ME)).toEqual({ kind: 'match', limited: false });
    expect(shown({ ...line, amount: 4000 }, hold)).toBe('shown -$4,000.00, sealed -$40.00');
    expect(compareLineWithSealed({ ...line, status: 'approved' }, hold, ME)).toEqual({ kind: 'later' });
    expect(shown({ ...line, status: 'pending' }, { ...hold, type: 'withdrawal_settle' })).toBe(
      'shown pending, sealed withdrawal_settle',
    );
  });

  it("an entry line: its own entry, type, effective date and the effect on the client's available balance", () => {
    const profit = sealed({
      type: 'profit',
      depositId: null,
      requestedAt: null,
      effectiveAt: '2026-11-01T00:00:00.000Z',
    });
    const line: ShownLine = {
      ...depositLine,
      _id: profit.id,
      type: 'profit',
      method: 'account',
      date: profit.effectiveAt,
      createdAt: POSTED,
    };
    expect(compareLineWithSealed(line, profit, ME)).toEqual({ kind: 'match', limited: false });
    expect(shown({ ...line, direction: 'debit' }, profit)).toBe('shown debit, sealed credit');
    expect(shown({ ...line, amount: 25 }, profit)).toBe('shown +$25.00, sealed +$250.00');
    expect(shown({ ...line, _id: DEPOSIT }, profit)).toBe(
      `shown entry ${DEPOSIT}, sealed entry ${profit.id}`,
    );
    expect(shown({ ...line, createdAt: REQUESTED }, profit)).toBe(
      'shown 2026-11-02 09:30:00 UTC, sealed 2026-11-02 10:00:00 UTC',
    );
    // a deposit's entry shown as a plain entry line names the deposit it belongs to
    expect(shown(line, { ...profit, depositId: DEPOSIT })).toBe(
      `shown no deposit or withdrawal, sealed deposit ${DEPOSIT}`,
    );
  });

  it('a version 1 leaf: the amount size, type and date only, and says it is limited', () => {
    const v1: CanonicalEntry = {
      id: 'e1',
      type: 'profit',
      effectiveAt: POSTED,
      memo: '',
      lines: [
        { accountId: CASH, amount: '-1234' },
        { accountId: AVAILABLE, amount: '1234' },
      ],
      reverses: null,
    };
    const line: ShownLine = {
      ...depositLine,
      _id: 'e1',
      type: 'profit',
      method: 'account',
      amount: 12.34,
      date: POSTED,
    };
    expect(compareLineWithSealed(line, v1, ME)).toEqual({ kind: 'match', limited: true });
    // the sign and the owner are not in a version 1 leaf
    expect(compareLineWithSealed({ ...line, direction: 'debit' }, v1, OTHER)).toEqual({
      kind: 'match',
      limited: true,
    });
    expect(shown({ ...line, amount: 123.4 }, v1)).toBe('shown +$123.40, sealed no line of that amount');
  });
});
