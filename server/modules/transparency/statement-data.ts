/**
 * The figures of a client's statement, read from the ledger itself (docs/transparency.md "Signed
 * statements"): the balance is the client's total funds with us, available + held + invested (the
 * figure the published liabilities count), in cents.
 *
 * Every journal entry dated (effective_at, as the history dates it) in the range whose lines change
 * that total is a line of the statement, with its effect; an entry that only moves money between the
 * client's own accounts (a withdrawal held pending review, capital moved into or out of a plan)
 * changes nothing and is left out. The opening balance is the sum of every line dated before the
 * range's first day, the closing one the sum of every line dated up to its last day (so it equals the
 * opening plus the lines); both are also given per account kind. One SQL statement reads it all, so the figures come from one snapshot of the ledger.
 */
import { sql } from 'drizzle-orm';
import { dateRangeInstants } from '@common/schemas/date-range';
import type { StatementRange } from '@common/schemas/statements';
import { lineTypeLabel, methodLabel, TYPE_LABELS } from '@common/transaction-labels';
import type { TransactionType } from '@common/schemas/transactions';
import { queryRows, type DbOrTx } from '../../db/client';

/** A client's balances by account kind, cents. */
export interface KindBalances {
  available: bigint;
  held: bigint;
  invested: bigint;
}

/** One line of a statement: an entry's effect on the client's total, cents. */
export interface StatementLine {
  entryId: string;
  /** The entry's date as the history shows it (effective_at). */
  date: Date;
  description: string;
  /** Signed: a credit is positive. */
  amount: bigint;
  /** The total after this line. */
  balance: bigint;
  /** True when the entry is in the tree head the statement names. */
  sealed: boolean;
}

/** What a statement shows, before it is drawn: the ledger's figures in cents. */
export interface StatementData {
  from: string;
  to: string;
  opening: KindBalances;
  closing: KindBalances;
  openingBalance: bigint;
  closingBalance: bigint;
  lines: StatementLine[];
  /** Entries dated up to the range's end (its lines, and those behind the opening) not in the tree head. */
  unsealed: number;
  /** True when the range has more than `maxLines` lines (then `lines` holds only the first ones). */
  truncated: boolean;
  /**
   * The ids of the entries dated before the range's end and created at or after `coveredSince`
   * that this read saw (empty without `coveredSince`): issued-statements' `coveredEntryIds`.
   */
  covered: string[];
}

interface Row {
  part: 'open' | 'close' | 'line' | 'cover';
  entry_id: string | null;
  type: string | null;
  memo: string | null;
  method: string | null;
  date: Date | string | null;
  sealed: boolean | null;
  unsealed: number;
  available: string;
  held: string;
  invested: string;
}

/** Entry types the history names differently: the settlement of a withdrawal is "Withdrawal". */
const TYPE_AS_HISTORY: Record<string, TransactionType> = { withdrawal_settle: 'withdrawal' };

/**
 * A line's description as the client's history shows it: the type's label ("Loss" for a plan result
 * that took money out: `effect` is its signed effect in cents), then the wallet of the deposit or
 * withdrawal that posted it, or the entry's memo (an admin's details, a void's reason).
 */
export function describeEntry(type: string, memo: string, method: string | null, effect = 0n): string {
  const known = (TYPE_AS_HISTORY[type] ?? type) as TransactionType;
  const label =
    known in TYPE_LABELS
      ? lineTypeLabel({ type: known, direction: effect < 0n ? 'debit' : 'credit' })
      : type.replaceAll('_', ' ');
  const detail = method ? methodLabel(method) : memo;
  return detail ? `${label} · ${detail}` : label;
}

const sumOf = (b: KindBalances) => b.available + b.held + b.invested;

/**
 * The wallet (or `bank`) of the deposit or withdrawal that posted an entry: SQL over a query that
 * left-joins `deposits d` and `withdrawals w` on the entry (`describeEntry`'s `method`).
 */
export const ENTRY_METHOD_SQL = sql.raw(
  `coalesce(d.wallet, case when w.id is null then null else coalesce(w.wallet, 'bank') end)`,
);

/**
 * The statement of `userId` over `range` (inclusive UTC days): opening and closing balances and
 * every line, oldest first (date, then posting time, then id), at most `maxLines` lines (`truncated`
 * says when there were more; the caller refuses such a range). `sealedBelow` is the size of the tree
 * head the statement names (0: none): an entry is sealed when its leaf index is below it.
 * `coveredSince` (created_at as text, a horizon): also answer, from the same snapshot, which entries
 * created since then the statement covers (`covered`).
 */
export async function readStatementData(
  db: DbOrTx,
  userId: string,
  range: StatementRange,
  opts: { maxLines: number; sealedBelow: number; coveredSince?: string },
): Promise<StatementData> {
  const { maxLines, sealedBelow, coveredSince } = opts;
  const covers = coveredSince ? sql`created_at >= ${coveredSince}::timestamptz` : sql`false`;
  const { start, end } = dateRangeInstants(range);
  const rows = await queryRows<Row>(
    db,
    sql`with moves as (
          select e.id, e.type, e.memo, e.effective_at, e.created_at,
                 ${ENTRY_METHOD_SQL} as method,
                 exists (select 1 from transparency_leaves t
                          where t.entry_id = e.id and t.leaf_index < ${sealedBelow}) as sealed,
                 coalesce(sum(l.amount) filter (where a.kind = 'available'), 0) as available,
                 coalesce(sum(l.amount) filter (where a.kind = 'held'), 0) as held,
                 coalesce(sum(l.amount) filter (where a.kind = 'invested'), 0) as invested
            from ledger_accounts a
            join journal_lines l on l.account_id = a.id
            join journal_entries e on e.id = l.entry_id
            left join deposits d on d.id = e.deposit_id
            left join withdrawals w on w.id = e.withdrawal_id
           where a.user_id = ${userId} and e.effective_at < ${end!.toISOString()}::timestamptz
           group by e.id, d.wallet, w.id, w.wallet
        ), totals as (
          select p.part, count(*) filter (where not m.sealed)::int as unsealed,
                 coalesce(sum(m.available), 0)::text as available,
                 coalesce(sum(m.held), 0)::text as held, coalesce(sum(m.invested), 0)::text as invested
            from (values ('open'), ('close')) as p(part)
            left join moves m on p.part = 'close' or m.effective_at < ${start!.toISOString()}::timestamptz
           group by p.part
        ), lines as (
          select id as entry_id, type, memo, method, effective_at as date, created_at, sealed,
                 available::text, held::text, invested::text
            from moves
           where effective_at >= ${start!.toISOString()}::timestamptz and available + held + invested <> 0
           order by effective_at, created_at, id
           limit ${maxLines + 1}
        )
        select part, null::uuid as entry_id, null::text as type, null::text as memo, null::text as method,
               null::timestamptz as date, null::timestamptz as created_at, null::boolean as sealed, unsealed,
               available, held, invested
          from totals
        union all
        select 'line', entry_id, type, memo, method, date, created_at, sealed, 0, available, held, invested
          from lines
        union all
        select 'cover', id, null, null, null, null, null, null, 0, '0', '0', '0'
          from moves
         where ${covers}
        order by date nulls first, created_at, entry_id`,
  );
  return assemble(range, rows, maxLines);
}

/** The statement from the rows of `readStatementData`'s query (the opening row, then the lines). */
function assemble(range: StatementRange, rows: Row[], maxLines: number): StatementData {
  const kinds = (r: Row | undefined): KindBalances => ({
    available: BigInt(r?.available ?? 0),
    held: BigInt(r?.held ?? 0),
    invested: BigInt(r?.invested ?? 0),
  });
  const opening = kinds(rows.find((r) => r.part === 'open'));
  const moves = rows.filter((r) => r.part === 'line');
  const truncated = moves.length > maxLines;
  let balance = sumOf(opening);
  const lines: StatementLine[] = [];
  for (const r of moves.slice(0, maxLines)) {
    const amount = sumOf(kinds(r));
    balance += amount;
    lines.push({
      entryId: r.entry_id!,
      date: new Date(r.date!),
      description: describeEntry(r.type!, r.memo ?? '', r.method, amount),
      amount,
      balance,
      sealed: r.sealed === true,
    });
  }
  const close = rows.find((r) => r.part === 'close');
  const closing = kinds(close);
  return {
    from: range.from,
    to: range.to,
    opening,
    closing,
    openingBalance: sumOf(opening),
    closingBalance: sumOf(closing),
    lines,
    unsealed: Number(close?.unsealed ?? 0),
    truncated,
    covered: rows.filter((r) => r.part === 'cover').map((r) => r.entry_id!),
  };
}
