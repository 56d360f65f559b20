/**
 * The double-entry ledger (docs/architecture.md, "Where each kind of rule lives"). Amounts are
 * integer cents (bigint), signed: a line adds its amount to its account; the lines of an entry sum
 * to zero. Client accounts (available, held, invested) never go below zero; house accounts (cash,
 * income_expense) take the other side.
 *
 * Every function takes the caller's transaction: posting is always part of the business change it
 * records. Accounts are created at first use (INSERT … ON CONFLICT DO NOTHING, safe when two
 * transactions race). A posting that debits a client account locks the client accounts it touches
 * with SELECT … FOR UPDATE in id order, so concurrent postings never overdraw; a credit-only posting
 * lets the balance trigger lock them, also in id order. House accounts have no floor and keep no
 * cached balance (their balance is the sum of their lines), so no posting locks or updates a row
 * that every other posting needs (docs/performance.md; migration `house_balances_uncached`). The
 * database backs each rule (see migrations `ledger_guards`, `house_balances_uncached`).
 */
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MONEY_MSG } from '@common/messages';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ledgerEntriesPosted } from '../../lib/metrics';
import type { BaseDeps } from '../../lib/base-deps';
import { timeOrderedId } from '../../lib/ids';

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
const isClientKind = (kind: string) => (CLIENT_ACCOUNT_KINDS as readonly string[]).includes(kind);

/**
 * Account ids already found in a transaction, by `userId:kind`. An account's id never changes and
 * an account is never deleted (migration `ledger_guards`), so a service that ensures its accounts
 * and then posts asks the database once (a round trip saved per posting). Keyed by the transaction
 * handle: gone with it.
 */
const knownIds = new WeakMap<Tx, Map<string, string>>();

/**
 * Finds or creates the accounts and answers their ids by `userId:kind` ("house:cash" for the house).
 * Safe under concurrency: a racing creator's row is found after ON CONFLICT DO NOTHING.
 */
export async function ensureAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, string>> {
  let known = knownIds.get(tx);
  if (!known) knownIds.set(tx, (known = new Map()));
  const cached = new Map(refs.map((r) => [refKey(r), known.get(refKey(r))]));
  if ([...cached.values()].every((id) => id !== undefined)) return cached as Map<string, string>;
  const ids = await findOrCreateAccounts(tx, refs);
  for (const [key, id] of ids) known.set(key, id);
  return ids;
}

async function findOrCreateAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, string>> {
  const wanted = new Map(refs.map((r) => [refKey(r), r]));
  const match = (rs: AccountRef[]): SQL =>
    or(
      ...rs.map((r) =>
        and(
          r.userId ? eq(ledgerAccounts.userId, r.userId) : isNull(ledgerAccounts.userId),
          eq(ledgerAccounts.kind, r.kind),
        ),
      ),
    )!;
  const find = async (rs: AccountRef[]) =>
    tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(match(rs));
  const ids = new Map<string, string>();
  const record = (rows: Array<{ id: string; userId: string | null; kind: string }>) => {
    for (const row of rows) ids.set(`${row.userId ?? 'house'}:${row.kind}`, row.id);
  };
  record(await find([...wanted.values()]));
  // Created in key order, so two transactions creating overlapping sets wait rather than deadlock.
  const missing = [...wanted.entries()]
    .filter(([k]) => !ids.has(k))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, r]) => r);
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(missing.map((r) => ({ userId: r.userId ?? null, kind: r.kind })))
      .onConflictDoNothing();
    record(await find(missing));
  }
  return ids;
}

/**
 * Locks the client accounts among `ids` (SELECT … FOR UPDATE, ordered by id: the one lock order)
 * and answers them with their balances. House accounts among `ids` are skipped (neither locked nor
 * answered): nothing checks their balance, and locking them here would make every posting wait for
 * every other from this point to its commit.
 */
export async function lockAccounts(tx: Tx, ids: string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, [...new Set(ids)]), isNotNull(ledgerAccounts.userId)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Throws (a programming error) unless the entry has 2+ non-zero lines that sum to zero (cents). */
export function assertBalanced(entry: NewEntry): void {
  const sum = entry.lines.reduce((s, l) => s + l.amount, 0n);
  if (entry.lines.length < 2 || sum !== 0n || entry.lines.some((l) => l.amount === 0n)) {
    throw new Error(`unbalanced ${entry.type} entry: ${entry.lines.length} lines summing to ${sum}`);
  }
}

/**
 * Posts entries inside the caller's transaction and answers the entry rows in the given order.
 * Checks each entry balances (a programming error otherwise). When any client line is a debit, the
 * client accounts involved are locked up front (in id order) and checked line by line: AppError 422
 * "Insufficient balance" if one would go below zero. A posting that only credits client accounts
 * cannot overdraw one, so it locks nothing up front: the trigger that moves the cached balances
 * locks each client account as its line goes in, in id order, so the busiest client row is held only
 * from this statement to commit (docs/performance.md, the one-client case). Callers post last in their
 * transaction for the same reason. Entries and lines go in as one statement.
 */
export async function postEntries(tx: Tx, entries: NewEntry[]): Promise<EntryRow[]> {
  entries.forEach(assertBalanced);
  const ids = await ensureAccounts(
    tx,
    entries.flatMap((e) => e.lines.map((l) => l.account)),
  );
  const clientLines = entries
    .flatMap((e) => e.lines)
    .filter((l) => isClientKind(l.account.kind))
    .map((l) => ({ id: ids.get(refKey(l.account))!, amount: l.amount }));
  if (clientLines.some((l) => l.amount < 0n)) {
    const accounts = new Map(
      (
        await lockAccounts(
          tx,
          clientLines.map((l) => l.id),
        )
      ).map((a) => [a.id, a]),
    );
    // Line by line, as the trigger applies them and the CHECK judges each step.
    const running = new Map<string, bigint>();
    for (const line of clientLines) {
      const balance = (running.get(line.id) ?? accounts.get(line.id)!.balance) + line.amount;
      if (balance < 0n) throw new AppError('UNPROCESSABLE', MONEY_MSG.insufficientBalance);
      running.set(line.id, balance);
    }
  }
  // Ids are made here so all entries and all lines go in one statement.
  const withIds = entries.map((e) => ({ id: timeOrderedId(), ...e }));
  const lines = withIds.flatMap((e) =>
    e.lines.map((l) => ({ entryId: e.id, accountId: ids.get(refKey(l.account))!, amount: l.amount })),
  );
  // By account id (a stable sort keeps each account's own lines in their order): the trigger locks
  // client accounts in the one lock order. House lines update nothing (house balances are uncached).
  lines.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  const inserted = tx.$with('inserted_entries').as(
    tx
      .insert(journalEntries)
      .values(
        withIds.map((e) => ({
          id: e.id,
          type: e.type,
          userId: e.userId,
          memo: e.memo ?? '',
          actorId: e.actorId ?? null,
          reverses: e.reverses,
          depositId: e.depositId,
          withdrawalId: e.withdrawalId,
          planId: e.planId ?? null,
          tradingActivityId: e.tradingActivityId ?? null,
          ...(e.effectiveAt && { effectiveAt: e.effectiveAt }),
        })),
      )
      .returning(),
  );
  const insertedLines = tx
    .$with('inserted_lines')
    .as(tx.insert(journalLines).values(lines).returning({ id: journalLines.id }));
  const rows = await tx.with(inserted, insertedLines).select().from(inserted);
  const byId = new Map(rows.map((r) => [r.id, r]));
  ledgerEntriesPosted.inc(rows.length);
  return withIds.map((e) => byId.get(e.id)!);
}

/** Posts one entry inside the caller's transaction (see `postEntries`). */
export async function postEntry(tx: Tx, entry: NewEntry): Promise<EntryRow> {
  const [row] = await postEntries(tx, [entry]);
  return row!;
}

/**
 * Voids an entry by posting a `reversal` linked to it, with every line negated (history keeps
 * both). Throws AppError 409 if it is a reversal or already voided, 422 if undoing it would take a
 * client account below zero. The unique index on `reverses` refuses a concurrent second void.
 */
export async function reverseEntry(
  tx: Tx,
  original: EntryRow,
  opts: { actorId: string; memo: string },
): Promise<EntryRow> {
  if (original.type === 'reversal') throw new AppError('CONFLICT', MONEY_MSG.notVoidable);
  const lines = await tx
    .select({ amount: journalLines.amount, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(eq(journalLines.entryId, original.id));
  // Lock first so two voids of the same entry serialise; the loser then sees the reversal.
  await lockAccounts(tx, [...(await ensureAccounts(tx, lines.map(toRef))).values()]);
  const [already] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reverses, original.id));
  if (already) throw new AppError('CONFLICT', MONEY_MSG.alreadyVoided);
  return postEntry(tx, {
    type: 'reversal',
    userId: original.userId,
    reverses: original.id,
    // a voided plan or activity posting stays linked to it, so linked sums stay right
    planId: original.planId,
    tradingActivityId: original.tradingActivityId,
    actorId: opts.actorId,
    memo: opts.memo,
    lines: lines.map((l) => ({ account: toRef(l), amount: -l.amount })),
  });
}

function toRef(l: { userId: string | null; kind: string }): AccountRef {
  return l.userId ? client(l.userId, l.kind as ClientAccountKind) : house(l.kind as HouseAccountKind);
}

/** The client-facing figures of the account, all in cents and all derived from the ledger. */
export interface ClientFigures {
  /** Spendable balance (the `available` account). */
  balance: bigint;
  /** Amount held by pending withdrawals. */
  held: bigint;
  /** Capital in an active plan. */
  invested: bigint;
  /** Net of deposit entries (after their reversals). */
  totalDeposit: bigint;
  totalProfit: bigint;
  referralBonus: bigint;
  /** Promotional bonuses ($500 on a $5,000 deposit) and admin bonuses. */
  totalBonus: bigint;
}

/** One row of the figures statement: a cached balance by account kind, or a total by entry type. */
type FigureRow = { part: 'balance' | 'sum'; key: string; total: string | null };

/** The figures statement's rows for the client `userId` (a value, or an SQL placeholder). */
const figureRows = (userId: SQLWrapper | string) => sql`
    select 'balance' as part, a.kind as key, a.balance::text as total
      from ledger_accounts a
     where a.user_id = ${userId}
    union all
    select 'sum', t.entry_type, sum(t.total)::text
      from ledger_account_totals t
      join ledger_accounts a on a.id = t.account_id
     where a.user_id = ${userId} and a.kind in ('available', 'invested')
     group by 2`;

function figuresOf(rows: FigureRow[]): ClientFigures {
  const find = (part: 'balance' | 'sum', key: string) =>
    BigInt(rows.find((r) => r.part === part && r.key === key)?.total ?? 0);
  return {
    balance: find('balance', 'available'),
    held: find('balance', 'held'),
    invested: find('balance', 'invested'),
    totalDeposit: find('sum', 'deposit'),
    totalProfit: find('sum', 'profit'),
    referralBonus: find('sum', 'referral_bonus'),
    totalBonus: find('sum', 'bonus'),
  };
}

/**
 * Computes a client's figures from cached balances and the per-kind totals of their `available`
 * and `invested` accounts (`ledger_account_totals`, kept by the posting trigger), in one round trip
 * whose cost does not grow with the client's history. `totalProfit` is net: a plan loss (a `profit`
 * entry on the invested capital) lowers it.
 */
export async function getClientFigures(db: DbOrTx, userId: string): Promise<ClientFigures> {
  return figuresOf(await queryRows<FigureRow>(db, figureRows(userId)));
}

/**
 * The same figures as one JSON text, for a caller that reads them inside a statement of its own
 * (GET /user/me reads them with the active plan in one round trip: docs/performance.md);
 * `readClientFigures` turns the text back into `ClientFigures`. `userId`: an SQL expression or
 * placeholder.
 */
export const clientFiguresJson = (userId: SQLWrapper) =>
  sql<string>`(select coalesce(json_agg(f), '[]')::text from (${figureRows(userId)}) f)`;

/** `ClientFigures` (cents) from the text of `clientFiguresJson`. */
export const readClientFigures = (json: string): ClientFigures => figuresOf(JSON.parse(json) as FigureRow[]);

/** The ledger's read side for routes; posting always goes through a domain service's transaction. */
export function createLedgerService({ db }: BaseDeps) {
  return {
    /** See `getClientFigures` (cents). */
    getClientFigures: (userId: string) => getClientFigures(db, userId),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
