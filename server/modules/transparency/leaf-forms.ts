/**
 * The leaves of the verifiable journal as the database holds their subjects now
 * (docs/transparency.md "Leaf versions"): a journal entry in both versions (1: journal.ts, kept by
 * entries sealed before the cut-over; 2: leaves.ts, with the client, each account's kind and owner,
 * the posting time, the deposit, withdrawal, plan and activity, and the request's time), an
 * account's opening and a liabilities snapshot's record (leaves.ts). The seal hashes these, the
 * inclusion route answers them, and the
 * integrity check recomputes every sealed leaf from them. Two or three queries per call whatever the
 * number of ids (each id list goes as one array parameter).
 */
import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { CanonicalEntry } from '@common/transparency/journal';
import type { AccountLeaf, EntryLeafV2, Leaf, LiabilitiesLeaf } from '@common/transparency/leaves';
import type { DbOrTx } from '../../db/client';
import {
  deposits,
  journalEntries,
  journalLines,
  ledgerAccounts,
  liabilitiesSnapshots,
  withdrawals,
} from '../../db/schema';

/**
 * `column = any(values)`, the values sent as ONE array parameter of PostgreSQL type `type`. A seal
 * names thousands of rows at once, and drizzle's `inArray` and multi-row `values` build a
 * parameter per value, which took about two fifths of the seal's own CPU (bench/runs.md
 * "The seal's CPU, and the journeys' own browsers").
 */
export function anyOf(column: AnyColumn, values: unknown[], type: 'uuid[]' | 'bigint[]') {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)})`;
}

/** An entry in both leaf versions. */
export interface EntryForms {
  v1: CanonicalEntry;
  v2: EntryLeafV2;
}

/** A leaf's version and subject, as transparency_leaves holds them. */
export interface LeafSubject {
  version: number;
  entryId: string | null;
  accountId: string | null;
  snapshotId?: string | null;
}

/** The entries of `ids` in both versions, lines included; an entry gone is absent. */
export async function entryForms(db: DbOrTx, ids: string[]): Promise<Map<string, EntryForms>> {
  const out = new Map<string, EntryForms>();
  if (!ids.length) return out;
  const [entries, lines] = await Promise.all([
    db
      .select({
        id: journalEntries.id,
        type: journalEntries.type,
        client: journalEntries.userId,
        effectiveAt: journalEntries.effectiveAt,
        postedAt: journalEntries.createdAt,
        memo: journalEntries.memo,
        depositId: journalEntries.depositId,
        withdrawalId: journalEntries.withdrawalId,
        planId: journalEntries.planId,
        tradingActivityId: journalEntries.tradingActivityId,
        reverses: journalEntries.reverses,
        depositAt: deposits.createdAt,
        withdrawalAt: withdrawals.createdAt,
      })
      .from(journalEntries)
      .leftJoin(deposits, eq(deposits.id, journalEntries.depositId))
      .leftJoin(withdrawals, eq(withdrawals.id, journalEntries.withdrawalId))
      .where(anyOf(journalEntries.id, ids, 'uuid[]')),
    db
      .select({
        entryId: journalLines.entryId,
        accountId: journalLines.accountId,
        amount: journalLines.amount,
        kind: ledgerAccounts.kind,
        owner: ledgerAccounts.userId,
      })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .where(anyOf(journalLines.entryId, ids, 'uuid[]')),
  ]);
  for (const e of entries) {
    const effectiveAt = e.effectiveAt.toISOString();
    out.set(e.id, {
      v1: { id: e.id, type: e.type, effectiveAt, memo: e.memo, lines: [], reverses: e.reverses },
      v2: {
        v: 2,
        leaf: 'entry',
        id: e.id,
        type: e.type,
        client: e.client,
        effectiveAt,
        postedAt: e.postedAt.toISOString(),
        memo: e.memo,
        depositId: e.depositId,
        withdrawalId: e.withdrawalId,
        planId: e.planId,
        tradingActivityId: e.tradingActivityId,
        requestedAt: (e.depositAt ?? e.withdrawalAt)?.toISOString() ?? null,
        lines: [],
        reverses: e.reverses,
      },
    });
  }
  for (const l of lines) {
    const forms = out.get(l.entryId);
    if (!forms) continue;
    const amount = l.amount.toString();
    forms.v1.lines.push({ accountId: l.accountId, amount });
    forms.v2.lines.push({ accountId: l.accountId, kind: l.kind, owner: l.owner, amount });
  }
  return out;
}

/** The openings of the accounts of `ids`, with their owners as they are now; an account gone is absent. */
export async function accountForms(db: DbOrTx, ids: string[]): Promise<Map<string, AccountLeaf>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      owner: ledgerAccounts.userId,
      openedAt: ledgerAccounts.createdAt,
    })
    .from(ledgerAccounts)
    .where(anyOf(ledgerAccounts.id, ids, 'uuid[]'));
  return new Map(
    rows.map((r) => [
      r.id,
      { v: 2, leaf: 'account', id: r.id, kind: r.kind, owner: r.owner, openedAt: r.openedAt.toISOString() },
    ]),
  );
}

/**
 * The sealed records of the liabilities snapshots of `ids` as they are now (only snapshots with a
 * cut have one); a snapshot gone or without a cut is absent.
 */
export async function snapshotForms(db: DbOrTx, ids: string[]): Promise<Map<string, LiabilitiesLeaf>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(liabilitiesSnapshots)
    .where(anyOf(liabilitiesSnapshots.id, ids, 'uuid[]'));
  return new Map(rows.flatMap((r) => (r.cutSize === null ? [] : [[r.id, snapshotRecord(r)] as const])));
}

/** A snapshot row with a cut as its sealed record (common/transparency/leaves.ts). */
export function snapshotRecord(r: typeof liabilitiesSnapshots.$inferSelect): LiabilitiesLeaf {
  return {
    v: 2,
    leaf: 'liabilities',
    id: r.id,
    takenAt: r.takenAt.toISOString(),
    cutSize: r.cutSize ?? 0,
    rootHash: r.rootHash,
    totalCents: r.total.toString(),
    clients: r.accounts,
    leaves: r.leaves ?? r.accounts,
  };
}

/** The leaves of `subjects` as their subjects are now, in the same order; undefined for a subject gone. */
export async function currentLeaves(db: DbOrTx, subjects: LeafSubject[]): Promise<Array<Leaf | undefined>> {
  const entryIds = subjects.flatMap((s) => (s.entryId ? [s.entryId] : []));
  const accountIds = subjects.flatMap((s) => (s.accountId ? [s.accountId] : []));
  const snapshotIds = subjects.flatMap((s) => (s.snapshotId ? [s.snapshotId] : []));
  const [entries, accounts, snapshots] = await Promise.all([
    entryForms(db, entryIds),
    accountForms(db, accountIds),
    snapshotForms(db, snapshotIds),
  ]);
  return subjects.map((s) => {
    if (s.snapshotId) return snapshots.get(s.snapshotId);
    if (s.accountId) return accounts.get(s.accountId);
    const forms = entries.get(s.entryId!);
    return forms && (s.version === 1 ? forms.v1 : forms.v2);
  });
}
