/**
 * One page of a client's history, read so that its cost depends on the page and not on the length
 * of the history (docs/performance.md "A history that reads only its page").
 *
 * The history is three sources (migration `history_pages`: deposits, withdrawals not deleted, and
 * journal entries with an effect on the client's balance). Each is read in the order of its own
 * index, newest first, and stops after `offset + pageSize` lines; the page is taken from the merge
 * of the three. A page past the middle of the history is read from the oldest end instead (the same
 * query in ascending order, reversed: lib/paging.ts `readPage`), so the first and the last page
 * cost the same; a page in the middle of a long history reads up to half of it. The number of lines comes from the count the
 * history's triggers keep per client (`history_line_counts`) when nothing filters it, and from a
 * count of the matching lines when a search or filter does. Order: date, then time of posting,
 * then id, newest first. Amounts are cents.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { HistoryQuery } from '@common/schemas/transactions';
import type { DbOrTx } from '../../db/client';
import {
  historyDepositLines,
  historyEntryLines,
  historyLineCounts,
  historyWithdrawalLines,
  transactionHistory,
} from '../../db/schema';
import { containsPattern, readPage } from '../../lib/paging';

/** A history line (every view of the history has these columns). */
export type HistoryRow = typeof transactionHistory.$inferSelect;

type HistoryView = typeof transactionHistory;

/** The history's sources, each a view with the columns of `transaction_history`. */
const SOURCES = [historyDepositLines, historyWithdrawalLines, historyEntryLines] as unknown as HistoryView[];

/** What narrows the history: the search and the type and status filters of `/transaction/all`. */
export type HistoryFilters = Pick<Partial<HistoryQuery>, 'search' | 'type' | 'status'>;

/** The lines of `view` that belong to `userId` and match `filters`. */
export function historyWhere(view: HistoryView, userId: string, filters: HistoryFilters): SQL | undefined {
  const search = filters.search ? containsPattern(filters.search) : undefined;
  return and(
    eq(view.userId, userId),
    filters.type ? eq(view.type, filters.type) : undefined,
    filters.status ? eq(view.status, filters.status) : undefined,
    search
      ? or(
          ilike(view.type, search),
          ilike(view.method, search),
          ilike(view.details, search),
          ilike(view.status, search),
        )
      : undefined,
  );
}

/** The history's order on `view`: newest first, or oldest first when reading from the end. */
export function historyOrder(view: HistoryView, oldestFirst = false) {
  const dir = oldestFirst ? asc : desc;
  return [dir(view.date), dir(view.createdAt), dir(view.id)];
}

/**
 * The query of `limit` lines after skipping `offset`, in the history's order (or its reverse),
 * each source read in index order up to `offset + limit` lines (awaiting it answers the rows).
 */
export function historyPageQuery(
  db: DbOrTx,
  userId: string,
  filters: HistoryFilters,
  offset: number,
  limit: number,
  oldestFirst: boolean,
) {
  const [deposits, withdrawals, entries] = SOURCES.map((view) =>
    db
      .select()
      .from(view)
      .where(historyWhere(view, userId, filters))
      .orderBy(...historyOrder(view, oldestFirst))
      .limit(offset + limit),
  );
  return unionAll(deposits!, withdrawals!, entries!)
    .orderBy(...historyOrder(transactionHistory, oldestFirst))
    .limit(limit)
    .offset(offset);
}

/**
 * How many lines of `userId`'s history match `filters`: the kept count when nothing filters, else
 * a count of the matching lines (which reads them).
 */
export async function countHistory(db: DbOrTx, userId: string, filters: HistoryFilters): Promise<number> {
  if (filters.search || filters.type || filters.status) {
    const [row] = await db
      .select({ n: count() })
      .from(transactionHistory)
      .where(historyWhere(transactionHistory, userId, filters));
    return Number(row?.n ?? 0);
  }
  const [row] = await db
    .select({ lines: historyLineCounts.lines })
    .from(historyLineCounts)
    .where(eq(historyLineCounts.userId, userId));
  return row?.lines ?? 0;
}

/** The newest `limit` lines of `userId`'s history (the dashboard's latest ten). */
export function latestHistory(db: DbOrTx, userId: string, limit: number): Promise<HistoryRow[]> {
  return historyPageQuery(db, userId, {}, 0, limit, false);
}

/**
 * Page `page` (from 1) of `pageSize` lines of `userId`'s history matching `filters`, and how many
 * lines match. A page past the end is empty.
 */
export async function historyPage(
  db: DbOrTx,
  userId: string,
  q: HistoryFilters & { page: number; pageSize: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  return readPage(
    q,
    () => countHistory(db, userId, q),
    (w) => historyPageQuery(db, userId, q, w.offset, w.limit, w.fromEnd),
  );
}
