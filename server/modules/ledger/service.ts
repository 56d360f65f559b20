/**
 * The double-entry ledger (docs/architecture.md, "Where each kind of rule lives"). Amounts are
 * integer cents (bigint), signed: a line adds its amount to its account; the lines of an entry sum
 * to zero. Client accounts (available, held, invested) never go below zero; house accounts (cash,
 * income_expense) take the other side.
 *
 * Every function takes the caller's transaction: posting is always part of the business change it
 * records. Accounts are created at first use (INSERT … ON CONFLICT DO NOTHING, safe when two
 * transactions race). A posting is one statement (statement.ts, the only posting code): the
 * balance trigger locks the client accounts it touches in id order and the CHECK on their cached
 * balance refuses an overdraft, so concurrent postings never overdraw. House accounts have no floor and keep no
 * cached balance (their balance is the sum of their lines), so no posting locks or updates a row
 * that every other posting needs (docs/performance.md; migration `house_balances_uncached`). The
 * database backs each rule (see migrations `ledger_guards`, `house_balances_uncached`).
 */
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { BaseDeps } from '../../lib/base-deps';
import { StatementOfWork, type StatementOutput } from '../../lib/unit-of-work';
import {
  assertBalanced,
  client,
  house,
  refKey,
  type AccountRef,
  type AccountRow,
  type ClientAccountKind,
  type EntryRow,
  type HouseAccountKind,
  type NewEntry,
} from './entries';
import { insufficientBalance, isOverdraft, postInStatement } from './statement';

export {
  assertBalanced,
  client,
  CLIENT_ACCOUNT_KINDS,
  ENTRY_TYPES,
  house,
  HOUSE_ACCOUNT_KINDS,
  refKey,
  type AccountRef,
  type AccountRow,
  type ClientAccountKind,
  type EntryRow,
  type EntryType,
  type HouseAccountKind,
  type NewEntry,
} from './entries';

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

/** The gate of a posting that always goes in (its transaction's caller decided already). */
const always = () => sql`true`;

/**
 * Posts entries inside the caller's transaction and answers the entry rows in the given order:
 * the accounts are found or created first (`ensureAccounts`, safe under races), then the posting
 * is ONE statement (statement.ts `postInStatement`, the only posting code), run in `tx`. Checks
 * each entry balances (a programming error otherwise). The trigger that moves the cached balances
 * locks each client account as its line goes in, in id order, so the busiest client row is held
 * only from this statement to commit (docs/performance.md, the one-client case; callers post last
 * in their transaction for the same reason); a line that would take a client account below zero
 * fails the statement on the CHECK of ledger_accounts: AppError 422 "Insufficient balance"
 * (`insufficientBalance`), and the caller's transaction is then rolled back.
 */
export async function postEntries(tx: Tx, entries: NewEntry[]): Promise<EntryRow[]> {
  entries.forEach(assertBalanced);
  const ids = await ensureAccounts(
    tx,
    entries.flatMap((e) => e.lines.map((l) => l.account)),
  );
  const stmt = new StatementOfWork('ledger.post');
  const posted = postInStatement(
    stmt,
    entries.map((e) => ({ ...e, gate: always })),
    ids,
    { times: 'times' },
  );
  let out: StatementOutput;
  try {
    out = await stmt.run(tx, null);
  } catch (err) {
    if (isOverdraft(err)) throw insufficientBalance();
    throw err;
  }
  type Times = { id: string; created: number; effective: number };
  const times = new Map((JSON.parse(String(out.times)) as Times[]).map((t) => [t.id, t]));
  return entries.map((e, i) => {
    const at = times.get(posted[i]!)!;
    return {
      id: posted[i]!,
      type: e.type,
      userId: e.userId,
      memo: e.memo ?? '',
      actorId: e.actorId ?? null,
      reverses: e.reverses ?? null,
      depositId: e.depositId ?? null,
      withdrawalId: e.withdrawalId ?? null,
      planId: e.planId ?? null,
      tradingActivityId: e.tradingActivityId ?? null,
      effectiveAt: new Date(Number(at.effective)),
      createdAt: new Date(Number(at.created)),
    };
  });
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
  if (original.type === 'reversal') throw new AppError('not_voidable');
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
  if (already) throw new AppError('already_voided');
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

/**
 * The cached balance in cents of client `userId`'s account of `kind`, 0 when the account does not
 * exist yet. One read, no lock: for the checks four-eyes makes before it holds an action
 * (approvals/service.ts `refuseImpossible`), which the action makes again under its locks when it
 * runs.
 */
export async function clientBalance(conn: DbOrTx, userId: string, kind: ClientAccountKind): Promise<bigint> {
  const [row] = await conn
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  return BigInt(row?.balance ?? 0);
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
