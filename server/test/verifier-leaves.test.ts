/**
 * The verifier writes leaves from their fields on its own (verifier/leaves.mjs, no code shared with
 * common/): for entries of both versions (lines out of order, two on one account, quotes,
 * unicode and line breaks in the memo), account openings and snapshot records, its text must be,
 * byte for byte, the text common/transparency/leaves.ts seals; and it refuses a field it does not know.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  accountLeafJson,
  entryLeafV2Json,
  liabilitiesLeafJson,
  type EntryLeafV2,
} from '@common/transparency/leaves';
import { canonicalEntryJson, type CanonicalEntry } from '@common/transparency/journal';

const url = pathToFileURL(path.resolve(import.meta.dirname, '../../verifier/leaves.mjs')).href;
const leaves = (await import(url)) as {
  entryLeafText(entry: unknown, what: string): string;
  accountLeafText(account: unknown, what: string): string;
  snapshotLeafText(snapshot: unknown): string;
};

const [a, b, c] = ['0b8e…', '1c2d…', '1c2d…'].map((p, i) => `${i}${p}-uuid`);
const v1: CanonicalEntry = {
  id: 'e1',
  type: 'profit',
  effectiveAt: '2026-11-29T10:00:00.000Z',
  memo: 'a "quoted" \\ «ünïcode»\nline \u2028 end',
  lines: [
    { accountId: b!, amount: '250' },
    { accountId: a!, amount: '-250' },
    { accountId: c!, amount: '-7' },
  ],
  reverses: null,
};
const v2: EntryLeafV2 = {
  v: 2,
  leaf: 'entry',
  id: 'e2',
  type: 'deposit',
  client: 'client-1',
  effectiveAt: '2026-11-29T10:00:00.000Z',
  postedAt: '2026-11-29T10:00:01.000Z',
  memo: v1.memo,
  depositId: 'd1',
  withdrawalId: null,
  planId: null,
  tradingActivityId: null,
  requestedAt: '2026-11-29T09:00:00.000Z',
  lines: [
    { accountId: b!, kind: 'available', owner: 'client-1', amount: '10' },
    { accountId: b!, kind: 'available', owner: 'client-1', amount: '-3' },
    { accountId: a!, kind: 'cash', owner: null, amount: '-7' },
  ],
  reverses: 'e0',
};

describe("the verifier's leaf texts", () => {
  it('are the sealed texts, byte for byte', () => {
    expect(leaves.entryLeafText(v1, 'v1')).toBe(canonicalEntryJson(v1));
    expect(leaves.entryLeafText(v2, 'v2')).toBe(entryLeafV2Json(v2));
    const account = {
      v: 2 as const,
      leaf: 'account' as const,
      id: 'a1',
      kind: 'held',
      owner: 'client-1',
      openedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(leaves.accountLeafText(account, 'account')).toBe(accountLeafJson(account));
    const snapshot = {
      snapshotId: 's1',
      snapshotAt: '2026-11-29T00:00:00.000Z',
      cutSize: 12,
      rootHash: 'ab'.repeat(32),
      totalCents: '123456',
      accounts: 4,
      leaves: 12,
    };
    expect(leaves.snapshotLeafText(snapshot)).toBe(
      liabilitiesLeafJson({
        v: 2,
        leaf: 'liabilities',
        id: 's1',
        takenAt: snapshot.snapshotAt,
        cutSize: 12,
        rootHash: snapshot.rootHash,
        totalCents: '123456',
        clients: 4,
        leaves: 12,
      }),
    );
  });

  it('refuse unknown or missing fields and other kinds', () => {
    expect(() => leaves.entryLeafText({ ...v2, extra: 1 }, 'v2')).toThrow(/fields/);
    expect(() => leaves.entryLeafText({ ...v2, leaf: 'account' }, 'v2')).toThrow(/not an entry of version 2/);
    const { memo: _memo, ...noMemo } = v1;
    expect(() => leaves.entryLeafText(noMemo, 'v1')).toThrow(/fields/);
    expect(() => leaves.entryLeafText({ ...v1, lines: [{ accountId: a, amount: '1.5' }] }, 'v1')).toThrow(
      /integer cents/,
    );
  });
});
