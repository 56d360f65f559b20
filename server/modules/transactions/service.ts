/**
 * Transactions: the client's history and the admin's transactions. The history is the
 * `transaction_history` view over deposits, withdrawals and the journal (see migration
 * `ledger_guards`). An admin "adds a transaction" by posting a typed entry the client sees, and
 * "deletes" one by voiding it with a reversing entry: the history keeps both. Amounts are cents.
 * The review queue of pending deposits and withdrawals is server/modules/reviews.
 */
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AddTransactionInput, AdminTransactionType, HistoryQuery } from '@common/schemas/transactions';
import type { ValueHistoryRange } from '@common/schemas/value-history';
import type { DbOrTx, Tx } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts, transactionHistory, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { USER_ADMIN_MSG } from '@common/messages';
import { reasonSentence } from '@common/sentences';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { centsToUsd, formatUsd } from '../../lib/money';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { csvStream } from '../../lib/csv';
import { HISTORY_CSV_HEAD, historyCsvCells, type HistoryExportRow } from './history-csv';
import {
  historyCursorPage,
  historyPage,
  historyWhere,
  latestHistory,
  type HistoryFilters,
  type HistoryRow,
} from './history-page';
import { asksCursorPage } from '../../lib/cursor';
import { readValueHistory, type ValueDay } from './value-history';
import {
  client,
  clientBalance,
  house,
  postEntry,
  reverseEntry,
  type EntryRow,
  type EntryType,
  type HouseAccountKind,
} from '../ledger/service';

export type { HistoryRow };

/** How an admin transaction posts: entry type, the house account on the other side, and direction. */
const ADMIN_POSTINGS: Record<
  AdminTransactionType,
  { type: EntryType; counter: HouseAccountKind; credit: boolean }
> = {
  deposit: { type: 'deposit', counter: 'cash', credit: true },
  withdrawal: { type: 'withdrawal_settle', counter: 'cash', credit: false },
  profit: { type: 'profit', counter: 'income_expense', credit: true },
  bonus: { type: 'bonus', counter: 'income_expense', credit: true },
};

const th = transactionHistory;

/** Entries that open and end a plan: never voided (a plan's capital moves only with the plan). */
const PLAN_ENTRIES: readonly string[] = ['plan_open', 'plan_close'];

/** Whether `entry` moved a client's invested capital (a plan loss: change its activity instead). */
async function movesCapital(tx: DbOrTx, entry: EntryRow): Promise<boolean> {
  const [line] = await tx
    .select({ id: journalLines.id })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.entryId, entry.id), eq(ledgerAccounts.kind, 'invested')))
    .limit(1);
  return Boolean(line);
}

/**
 * The bonus and referral-bonus entries the approval of a deposit posted along with its `deposit`
 * entry (deposits/service.ts posts them in the same transaction, so they share its created_at:
 * PostgreSQL's now() is the transaction's start time), not yet voided.
 */
async function grantedWithApproval(tx: Tx, depositEntry: EntryRow): Promise<EntryRow[]> {
  const reversal = alias(journalEntries, 'reversal');
  const rows = await tx
    .select({ entry: journalEntries })
    .from(journalEntries)
    .leftJoin(reversal, eq(reversal.reverses, journalEntries.id))
    .where(
      and(
        inArray(journalEntries.type, ['bonus', 'referral_bonus']),
        // compared in SQL: a JS Date would drop the microseconds
        sql`${journalEntries.createdAt} = (select created_at from journal_entries where id = ${depositEntry.id})`,
        isNull(journalEntries.depositId),
        isNull(reversal.id),
        or(eq(journalEntries.type, 'referral_bonus'), eq(journalEntries.userId, depositEntry.userId)),
      ),
    );
  return rows.map((r) => r.entry);
}

export function createTransactionsService({ db, log, notifications, streamRows }: ServiceDeps) {
  async function findLine(conn: DbOrTx, id: string): Promise<HistoryRow | undefined> {
    const [row] = await conn.select().from(th).where(eq(th.id, id));
    return row;
  }

  /**
   * The history line `id` and the entry a void would reverse. Throws 404; 409 `notVoidable`
   * (pending or rejected, a withdrawal request, a reversal or voided line, a plan's opening or
   * closing, a plan loss).
   */
  async function voidable(conn: DbOrTx, id: string): Promise<{ line: HistoryRow; entry: EntryRow }> {
    const line = await findLine(conn, id);
    if (!line) throw new AppError('not_found');
    if (line.source === 'withdrawal' || line.status !== 'approved') throw new AppError('not_voidable');
    const [entry] = await conn
      .select()
      .from(journalEntries)
      .where(
        line.source === 'deposit'
          ? and(eq(journalEntries.depositId, id), eq(journalEntries.type, 'deposit'))
          : eq(journalEntries.id, id),
      );
    if (!entry) throw new AppError('not_found');
    // a plan's capital changes only through the plan and its activities
    if (PLAN_ENTRIES.includes(entry.type) || (await movesCapital(conn, entry)))
      throw new AppError('not_voidable');
    return { line, entry };
  }

  return {
    /** The user's latest 10 history lines (dashboard), read as a page is (history-page.ts). */
    async listRecent(userId: string): Promise<HistoryRow[]> {
      return latestHistory(db, userId, 10);
    },

    /**
     * One page of the user's history with filters, and the total matching; its cost follows the
     * page, not the length of the history (history-page.ts). With `q.cursor` or `q.limit`, a cursor
     * page and the next cursor instead (`historyCursorPage`). Throws 400 `invalid_cursor`.
     */
    listHistory(
      userId: string,
      q: HistoryQuery,
    ): Promise<{ rows: HistoryRow[]; total: number; nextCursor?: string | null }> {
      return asksCursorPage(q) ? historyCursorPage(db, userId, q) : historyPage(db, userId, q);
    },

    /**
     * The user's account value over `range` (cents): the closing value of the day before the range
     * and every day of it on which their accounts moved; its cost follows the days it answers, not
     * the length of the history (value-history.ts).
     */
    valueHistory(
      userId: string,
      range: ValueHistoryRange,
    ): Promise<{ from: string | null; firstDay: string | null; days: ValueDay[] }> {
      return readValueHistory(db, userId, range);
    },

    /**
     * The user's whole history matching `filters` (none: every line, no cap) as a CSV stream,
     * newest first: read from a cursor a batch at a time on PostgreSQL (db/client.ts
     * `streamRows`), so its length does not grow the server's memory.
     */
    exportHistoryCsv(userId: string, filters: HistoryFilters = {}): Promise<Readable> {
      const rows = streamRows<HistoryExportRow>(
        sql`select ${th.id} as id, ${th.type} as type, ${th.direction} as direction, ${th.amount}::text as amount,
          ${th.status} as status, ${th.method} as method, ${th.details} as details, ${th.voided} as voided, ${th.date} as date
          from ${th} where ${historyWhere(th, userId, filters)}
          order by ${th.date} desc, ${th.createdAt} desc, ${th.id} desc`,
      );
      return csvStream(HISTORY_CSV_HEAD, rows, historyCsvCells);
    },

    /**
     * Posts an admin transaction for a client: `amount` cents as a deposit (cash → available),
     * withdrawal (available → cash), profit or bonus (income/expense → available), with the admin's
     * reason as its details, its audit row (`transaction.add`) and the client's notice and e-mail
     * (`USER_ADMIN_MSG.balanceChanged`: amount and reason; docs/product.md "Notices"). Throws 404
     * (no such client), 422 "Insufficient balance".
     */
    async addTransaction(
      actor: AuditActor,
      userId: string,
      input: AddTransactionInput,
      uow?: UnitOfWork,
    ): Promise<HistoryRow> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
        if (!target || target.role !== 'client') throw new AppError('not_found');
        const p = ADMIN_POSTINGS[input.transactionType];
        const signed = p.credit ? input.amount : -input.amount;
        const entry = await postEntry(tx, {
          type: p.type,
          userId,
          actorId: actor.id,
          memo: input.details,
          effectiveAt: input.date,
          lines: [
            { account: house(p.counter), amount: -signed },
            { account: client(userId, 'available'), amount: signed },
          ],
        });
        await recordAudit(tx, actor, {
          action: 'transaction.add',
          targetUserId: userId,
          targetId: entry.id,
          before: null,
          after: {
            transactionType: input.transactionType,
            amount: centsToUsd(input.amount),
            details: input.details,
            date: entry.effectiveAt.toISOString(),
          },
        });
        const direction = p.credit ? 'credit' : 'debit';
        await notifications.notify(u, {
          userId,
          title: USER_ADMIN_MSG.balanceChangedTitle(direction),
          message: USER_ADMIN_MSG.balanceChanged(direction, formatUsd(input.amount), input.details),
        });
        return (await findLine(tx, entry.id))!;
      });
    },

    /**
     * Throws 422 `insufficient_balance` when `input` takes money out (a withdrawal) beyond client
     * `userId`'s available balance now, as `addTransaction` would: what four-eyes asks before it
     * holds a transaction, so a checker is never asked to approve one that cannot run
     * (approvals/service.ts `refuseImpossible`, docs/security.md "Four-eyes approval"). One read.
     */
    async refuseUncovered(conn: DbOrTx, userId: string, input: AddTransactionInput): Promise<void> {
      if (ADMIN_POSTINGS[input.transactionType].credit) return;
      if ((await clientBalance(conn, userId, 'available')) < input.amount) {
        throw new AppError('insufficient_balance');
      }
    },

    /**
     * Throws 422 `insufficient_balance` when the void of history line `id` could not run as the
     * balances are now: a client account its entry credited holds less than the reversal takes
     * back (bonuses voided with a deposit only add to that, so what is refused surely fails). What
     * four-eyes asks before it holds a void (approvals/service.ts `refuseImpossible`). Also throws
     * what `voidableLine` throws. Reads, in `conn`.
     */
    async refuseUncoveredVoid(conn: DbOrTx, id: string): Promise<void> {
      const { entry } = await voidable(conn, id);
      const lines = await conn
        .select({ amount: journalLines.amount, balance: ledgerAccounts.balance })
        .from(journalLines)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
        .where(and(eq(journalLines.entryId, entry.id), isNotNull(ledgerAccounts.userId)));
      if (lines.some((l) => BigInt(l.amount) > BigInt(l.balance ?? 0))) {
        throw new AppError('insufficient_balance');
      }
    },

    /**
     * The history line a void of `id` would reverse, checked as the void checks it (four-eyes asks
     * before it holds a void). Throws 404, 409 `notVoidable`.
     */
    async voidableLine(id: string): Promise<HistoryRow> {
      return (await voidable(db, id)).line;
    },

    /**
     * Voids a history line with a reversing entry (never a delete). Voidable: approved deposits and
     * admin/promotional entries. Throws 404, 409 (pending/rejected, a withdrawal request, a reversal,
     * already voided, a plan's opening or closing, a plan loss: change its activity instead), 422 (the client's balance no longer covers it). Answers the reversal's line.
     * The staff's `reason` is in the reversal's memo (the client's history), the audit row
     * `transaction.void` (target: the voided line) and the client's notice and e-mail.
     */
    async voidTransaction(
      actor: AuditActor,
      id: string,
      reason: string,
      uow?: UnitOfWork,
    ): Promise<HistoryRow> {
      return withUnitOfWork(db, log, uow, async (u) => {
        const { tx } = u;
        const { line, entry } = await voidable(tx, id);
        const what = `${line.type.replaceAll('_', ' ')} of ${line.date.toISOString().slice(0, 10)}`;
        const reversal = await reverseEntry(tx, entry, {
          actorId: actor.id,
          memo: `Void of the ${what}: ${reason}`,
        });
        // the first-deposit bonus and the referrer's bonus exist because of this deposit: void them too
        const granted = line.source === 'deposit' ? await grantedWithApproval(tx, entry) : [];
        const day = line.date.toISOString().slice(0, 10);
        let ownBonuses = 0n; // the client's first-deposit bonus, voided with it: their notice says so
        for (const bonus of granted) {
          const bonusLine = await findLine(tx, bonus.id);
          await reverseEntry(tx, bonus, {
            actorId: actor.id,
            memo: `Void of the ${bonus.type.replaceAll('_', ' ')} granted with the deposit of ${day}`,
          });
          if (bonus.userId === line.userId && bonusLine) ownBonuses += bonusLine.amount;
          // the referrer is another client: their balance changed too, so they are told why
          if (bonus.type === 'referral_bonus' && bonus.userId !== line.userId && bonusLine) {
            await notifications.notify(u, {
              userId: bonus.userId,
              title: 'Referral bonus voided',
              message: `Your referral bonus of $${formatUsd(bonusLine.amount)} for a referred client's deposit of ${day} was voided with that deposit; your history keeps both lines. ${reasonSentence(reason)}`,
            });
          }
        }
        await recordAudit(tx, actor, {
          action: 'transaction.void',
          targetUserId: line.userId,
          targetId: id,
          before: {
            type: line.type,
            amount: centsToUsd(line.amount),
            direction: line.direction,
            voided: false,
          },
          after: {
            voided: true,
            reversalId: reversal.id,
            reason,
            bonusesVoided: granted.length,
          },
        });
        await notifications.notify(u, {
          userId: line.userId,
          title: 'Transaction voided',
          message: `Your ${line.type.replaceAll('_', ' ')} of $${formatUsd(line.amount)} on ${line.date.toISOString().slice(0, 10)} was voided by a reversing entry${ownBonuses > 0n ? `, and the bonus of $${formatUsd(ownBonuses)} granted with it too` : ''}; your history keeps both lines. ${reasonSentence(reason)}`,
        });
        return (await findLine(tx, reversal.id))!;
      });
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
