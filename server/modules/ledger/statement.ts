/**
 * The ledger's parts of a one-statement unit of work (lib/unit-of-work.ts `StatementOfWork`;
 * docs/performance.md "Money in two round trips"): a posting that goes in with the change it records
 * in ONE statement, instead of the transaction of `postEntries` (service.ts). The same rules hold:
 * each entry balances (checked here, and by the deferred trigger at commit); the trigger on
 * journal_lines moves the cached balances and per-kind totals at the end of the statement, locking
 * each client account as its line goes in, and the lines go in ordered by account id (the one lock
 * order); a client balance below zero is refused by the CHECK on ledger_accounts, which fails the
 * whole statement (nothing of it is kept).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ledgerEntriesPosted } from '../../lib/metrics';
import type { LazySql, StatementOfWork, StatementSql } from '../../lib/unit-of-work';
import { timeOrderedId } from '../../lib/ids';
import {
  assertBalanced,
  refKey,
  type AccountRef,
  type ClientAccountKind,
  type HouseAccountKind,
  type NewEntry,
} from './entries';

/** `column` (an SQL expression over alias `a`) of the account of `kind` owned by `userId` (null: the house). */
function accountValueOf<T>(
  column: SQL,
  userId: AnyPgColumn | string | null,
  kind: ClientAccountKind | HouseAccountKind,
): SQL<T | null> {
  // the owner is its own fragment: a column written next to the table in one template would be
  // rendered without its table's name
  const owner = userId === null ? sql`a.user_id is null` : sql`a.user_id = ${userId}`;
  return sql<T | null>`(select ${column} from ${ledgerAccounts} a where ${owner} and a.kind = ${kind})`;
}

/**
 * The id of an account as a scalar subquery, for the read that precedes a statement: a client's
 * account of `kind` whose owner is `userId` (an id, or a column of the read such as
 * `deposits.userId`), or the house's account of `kind` when `userId` is null. Null when the
 * account does not exist yet (`postInStatement` then creates it).
 */
export function accountIdOf(
  userId: AnyPgColumn | string | null,
  kind: ClientAccountKind | HouseAccountKind,
): SQL<string | null> {
  return accountValueOf<string>(sql`a.id`, userId, kind);
}

/** As `accountIdOf`, the account's cached balance in cents as text (null when it does not exist yet). */
export function accountBalanceOf(userId: AnyPgColumn | string, kind: ClientAccountKind): SQL<string | null> {
  return accountValueOf<string>(sql`a.balance::text`, userId, kind);
}

/**
 * An entry of a statement, posted only when `gate` (an SQL condition over the other parts) holds;
 * `id` when the caller needs the entry's id before building the statement (else one is made).
 * A lazy gate keeps the statement one that is built once per shape (lib/unit-of-work.ts): the
 * statement's shape must then tell which gate each entry has.
 */
export interface GatedEntry extends NewEntry {
  gate: StatementSql;
  id?: string;
}

/**
 * Adds the posting of `entries` to `stmt`: one insert of the entries whose gate holds, one of
 * their lines (only of entries that went in, ordered by account id). `known` holds the account
 * ids the caller read (by `refKey`, as `accountIdOf` found them); an account missing there is
 * created by the statement (ON CONFLICT DO NOTHING; if another transaction creates it meanwhile,
 * the lines find no id and the statement fails: `isAccountRace` tells, and the caller tries again).
 * Every value is a parameter (`stmt.param`) and the parts are lazy, their shape (entries, lines,
 * which accounts are known) added to the statement's: built once per shape when the gates are lazy.
 * Answers the ids the entries will have, in order; with `times`, the statement also answers
 * under that alias a JSON array of `{ id, created, effective }` (ms since the epoch) of the
 * entries that went in. Throws (a programming error) when an entry does not balance. After commit, counts the entries posted (`ledgerEntriesPosted`).
 */
export function postInStatement(
  stmt: StatementOfWork,
  entries: GatedEntry[],
  known: ReadonlyMap<string, string | null>,
  { times }: { times?: string } = {},
): string[] {
  entries.forEach(assertBalanced);
  const gates = entries.map((e) => stmt.lazy(e.gate));
  const refs = new Map<string, { ref: AccountRef; entries: number[] }>();
  entries.forEach((e, i) => {
    for (const l of e.lines) {
      const k = refKey(l.account);
      const r = refs.get(k) ?? { ref: l.account, entries: [] };
      if (!r.entries.includes(i)) r.entries.push(i);
      refs.set(k, r);
    }
  });
  /** Each account's id as SQL, built lazily; its shape: `k` known, `c`/`h` created (client/house). */
  const accountId = new Map<string, LazySql>();
  const shape: string[] = [];
  // Created in key order, so two statements creating overlapping sets wait rather than deadlock.
  for (const [k, { ref, entries: users }] of [...refs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const id = known.get(k);
    if (id) {
      const p = stmt.param(id);
      accountId.set(k, () => sql`${p}::uuid`);
      shape.push('k');
      continue;
    }
    const userId = ref.userId ? stmt.param(ref.userId) : null;
    const kind = stmt.param(ref.kind);
    const owned = users.map((i) => gates[i]!);
    const created = stmt.part(
      stmt.name('account'),
      () => {
        const target = userId
          ? sql`(user_id, kind) where user_id is not null`
          : sql`(kind) where user_id is null`;
        return sql`insert into ${ledgerAccounts} (user_id, kind)
        select ${userId ?? sql`null`}::uuid, ${kind}::text where ${sql.join(
          owned.map((g) => g()),
          sql` or `,
        )}
        on conflict ${target} do nothing returning id`;
      },
      { shape: `${userId ? 'c' : 'h'}${users.join('.')}` },
    );
    shape.push(userId ? 'c' : 'h');
    accountId.set(k, () => {
      const owner = userId ? sql`a.user_id = ${userId}::uuid` : sql`a.user_id is null`;
      return sql`coalesce((select id from ${created}), (select a.id from ${ledgerAccounts} a where ${owner} and a.kind = ${kind}::text))`;
    });
  }

  const ids = entries.map((e) => e.id ?? timeOrderedId());
  const opt = (v: string | null | undefined) => stmt.param(v ?? null);
  const rows = entries.map((e, i) => ({
    id: stmt.param(ids[i]),
    type: stmt.param(e.type),
    userId: stmt.param(e.userId),
    memo: stmt.param(e.memo ?? ''),
    refs: [e.actorId, e.reverses, e.depositId, e.withdrawalId, e.planId, e.tradingActivityId].map(opt),
    at: e.effectiveAt ? stmt.param(e.effectiveAt.toISOString()) : null,
    gate: gates[i]!,
  }));
  const inserted = stmt.part(
    stmt.name('entries'),
    () =>
      sql`insert into ${journalEntries} (id, type, user_id, memo, actor_id, reverses, deposit_id, withdrawal_id,
        plan_id, trading_activity_id, effective_at)
      ${sql.join(
        rows.map(
          (r) => sql`select ${r.id}::uuid, ${r.type}::text, ${r.userId}::uuid, ${r.memo}::text,
            ${sql.join(
              r.refs.map((v) => sql`${v}::uuid`),
              sql`, `,
            )}, ${r.at ? sql`${r.at}::timestamptz` : sql`now()`}
            where ${r.gate()}`,
        ),
        sql` union all `,
      )}
      returning id, created_at, effective_at`,
    { shape: rows.map((r) => (r.at ? 't' : 'n')).join('') },
  );
  const lines = entries.flatMap((e, i) =>
    e.lines.map((l) => ({
      entryId: rows[i]!.id,
      key: refKey(l.account),
      amount: stmt.param(l.amount.toString()),
    })),
  );
  const refOrder = [...accountId.keys()];
  stmt.part(
    stmt.name('lines'),
    () =>
      sql`insert into ${journalLines} (entry_id, account_id, amount)
      select l.entry_id, l.account_id, l.amount
        from (values ${sql.join(
          lines.map(
            (l, n) =>
              sql`(${l.entryId}::uuid, ${accountId.get(l.key)!()}, ${l.amount}::bigint, ${sql.raw(String(n))}::int)`,
          ),
          sql`, `,
        )}) as l (entry_id, account_id, amount, n)
       where l.entry_id in (select id from ${inserted})
       order by l.account_id, l.n`,
    {
      shape: `${shape.join('.')}/${entries.map((e) => e.lines.map((l) => refOrder.indexOf(refKey(l.account))).join('.')).join('|')}`,
    },
  );
  // the database's times of the entries (ms since the epoch), for a caller that answers the rows
  if (times)
    stmt.output(
      times,
      () => sql`(select coalesce(json_agg(json_build_object('id', id,
        'created', extract(epoch from created_at) * 1000, 'effective', extract(epoch from effective_at) * 1000)), '[]')::text
        from ${inserted})`,
    );
  const posted = stmt.name('entries_posted');
  stmt.output(posted, () => sql`(select count(*)::int from ${inserted})`);
  stmt.afterCommit((out) => ledgerEntriesPosted.inc(Number(out[posted] ?? 0)));
  return ids;
}

/**
 * The one refusal of a posting that would take a client account below zero: AppError 422
 * "Insufficient balance". Thrown by a use case whose statement's check (a locked balance that
 * does not cover the amount) failed, and by `postEntries` (service.ts) when the CHECK on
 * ledger_accounts refused its statement (`isOverdraft`).
 */
export function insufficientBalance(): AppError {
  return new AppError('insufficient_balance');
}

/**
 * True when a statement failed because the CHECK on ledger_accounts refused a client balance
 * below zero (`ledger_accounts_client_non_negative`, migration `money_core`).
 */
export function isOverdraft(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23514' && e.constraint === 'ledger_accounts_client_non_negative') return true;
  }
  return false;
}

/**
 * True when a statement failed because an account it was to create was created by another
 * transaction meanwhile (its line found no account id): trying the whole change again finds it.
 */
export function isAccountRace(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; column?: unknown; table?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23502' && e.column === 'account_id' && e.table === 'journal_lines') return true;
  }
  return false;
}
