/**
 * The ledger's vocabulary (docs/architecture.md, "Where each kind of rule lives"): account kinds,
 * entry types, an account by owner and kind, a new entry and its rows. Amounts are integer cents
 * (bigint), signed: a line adds its amount to its account; the lines of an entry sum to zero.
 * Shared by the posting statement (statement.ts) and the ledger service (service.ts).
 */
import type { journalEntries, ledgerAccounts } from '../../db/schema';

export const CLIENT_ACCOUNT_KINDS = ['available', 'held', 'invested'] as const;
export const HOUSE_ACCOUNT_KINDS = ['cash', 'income_expense'] as const;
export type ClientAccountKind = (typeof CLIENT_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

export const ENTRY_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_settle',
  'withdrawal_release',
  'plan_open',
  'plan_close',
  'profit',
  'bonus',
  'referral_bonus',
  'adjustment',
  'reversal',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** An account by owner and kind: a client's own account, or one of the house's. */
export type AccountRef =
  { userId: string; kind: ClientAccountKind } | { userId?: undefined; kind: HouseAccountKind };

export const client = (userId: string, kind: ClientAccountKind): AccountRef => ({ userId, kind });
export const house = (kind: HouseAccountKind): AccountRef => ({ kind });

export interface NewEntry {
  type: EntryType;
  /** The client the entry concerns (whose history shows it). */
  userId: string;
  lines: Array<{ account: AccountRef; amount: bigint }>;
  memo?: string;
  actorId?: string | null;
  reverses?: string;
  depositId?: string;
  withdrawalId?: string;
  /** The plan an entry belongs to (plan_open, plan_close, plan profit). */
  planId?: string | null;
  /** The trading activity whose profit an entry posts (its profit is the sum of these entries). */
  tradingActivityId?: string | null;
  effectiveAt?: Date;
}

export type EntryRow = typeof journalEntries.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** The key of an account by owner and kind: `userId:kind`, or `house:kind` for the house. */
export const refKey = (r: AccountRef) => `${r.userId ?? 'house'}:${r.kind}`;

/** Throws (a programming error) unless the entry has 2+ non-zero lines that sum to zero (cents). */
export function assertBalanced(entry: NewEntry): void {
  const sum = entry.lines.reduce((s, l) => s + l.amount, 0n);
  if (entry.lines.length < 2 || sum !== 0n || entry.lines.some((l) => l.amount === 0n)) {
    throw new Error(`unbalanced ${entry.type} entry: ${entry.lines.length} lines summing to ${sum}`);
  }
}
