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
import { and, count, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
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
import { containsPattern, readPage, sortedBy, type PageWindow, type SortKey } from '../../lib/paging';
import { afterCursor, decodeCursor, readCursorPage } from '../../lib/cursor';
import { preparedPerHandle } from '../../lib/prepared';

/** A history line (every view of the history has these columns). */
export type HistoryRow = typeof transactionHistory.$inferSelect;

type HistoryView = typeof transactionHistory;

/** The history's sources, each a view with the columns of `transaction_history`. */
const SOURCES = [historyDepositLines, historyWithdrawalLines, historyEntryLines] as unknown as HistoryView[];

/** What narrows the history: the search and the type and status filters of `/transaction/all`. */
export type HistoryFilters = Pick<Partial<HistoryQuery>, 'search' | 'type' | 'status'>;

/** A value of the query, or the placeholder a prepared query fills on each call. */
type Bound<T> = T | Placeholder;

/** The lines of `view` that belong to `userId` and match `filters` (`search` already a pattern). */
function linesWhere(
  view: HistoryView,
  userId: Bound<string>,
  filters: { pattern?: Bound<string>; type?: Bound<string>; status?: Bound<string> },
): SQL | undefined {
  const { pattern } = filters;
  return and(
    eq(view.userId, userId),
    filters.type ? eq(view.type, filters.type) : undefined,
    filters.status ? eq(view.status, filters.status) : undefined,
    pattern
      ? or(
          ilike(view.type, pattern),
          ilike(view.method, pattern),
          ilike(view.details, pattern),
          ilike(view.status, pattern),
        )
      : undefined,
  );
}

/** The lines of `view` that belong to `userId` and match `filters`. */
export function historyWhere(view: HistoryView, userId: string, filters: HistoryFilters): SQL | undefined {
  return linesWhere(view, userId, {
    pattern: filters.search ? containsPattern(filters.search) : undefined,
    type: filters.type,
    status: filters.status,
  });
}

/** The history's sort keys on `view`: newest first (date, time of posting, id). */
function historyKeys(view: HistoryView): SortKey[] {
  return [
    [view.date, 'desc'],
    [view.createdAt, 'desc'],
    [view.id, 'desc'],
  ];
}

/** The history's order on `view`: newest first, or oldest first when reading from the end. */
export function historyOrder(view: HistoryView, oldestFirst = false) {
  return sortedBy(historyKeys(view), oldestFirst);
}

/** The page query over the three sources; every value may be a placeholder. */
function pageQuery(
  db: DbOrTx,
  userId: Bound<string>,
  filters: { pattern?: Bound<string>; type?: Bound<string>; status?: Bound<string> },
  window: { offset: Bound<number>; limit: Bound<number>; depth: Bound<number> },
  oldestFirst: boolean,
) {
  const [deposits, withdrawals, entries] = SOURCES.map((view) =>
    db
      .select()
      .from(view)
      .where(linesWhere(view, userId, filters))
      .orderBy(...historyOrder(view, oldestFirst))
      .limit(window.depth),
  );
  return unionAll(deposits!, withdrawals!, entries!)
    .orderBy(...historyOrder(transactionHistory, oldestFirst))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The query of `w.limit` lines after skipping `w.offset`, in the history's order (or its reverse
 * when `w.fromEnd`), each source read in index order up to `offset + limit` lines (awaiting it
 * answers the rows).
 */
export function historyPageQuery(db: DbOrTx, userId: string, filters: HistoryFilters, w: PageWindow) {
  const pattern = filters.search ? containsPattern(filters.search) : undefined;
  const { type, status } = filters;
  const window = { offset: w.offset, limit: w.limit, depth: w.offset + w.limit };
  return pageQuery(db, userId, { pattern, type, status }, window, w.fromEnd);
}

/** The prepared page query of one shape (which filters apply, which end), per database handle. */
function preparedPage(shape: { search: boolean; type: boolean; status: boolean; oldestFirst: boolean }) {
  const p = (name: string) => sql.placeholder(name);
  const name = `history_page_${[shape.search, shape.type, shape.status, shape.oldestFirst].map(Number).join('')}`;
  return preparedPerHandle((db: DbOrTx) =>
    pageQuery(
      db,
      p('userId'),
      {
        pattern: shape.search ? p('pattern') : undefined,
        type: shape.type ? p('type') : undefined,
        status: shape.status ? p('status') : undefined,
      },
      { offset: p('offset'), limit: p('limit'), depth: p('depth') },
      shape.oldestFirst,
    ).prepare(name),
  );
}
const preparedPages = new Map<string, ReturnType<typeof preparedPage>>();

/**
 * `historyPageQuery`, built once per database handle and shape and then only executed: building
 * the three-source union with Drizzle cost more API CPU than everything else of a dashboard visit
 * (docs/performance.md "The API's CPU"). The same rows as `historyPageQuery`.
 */
function runHistoryPage(
  db: DbOrTx,
  userId: string,
  filters: HistoryFilters,
  { offset, limit, fromEnd: oldestFirst }: PageWindow,
): Promise<HistoryRow[]> {
  const shape = { search: !!filters.search, type: !!filters.type, status: !!filters.status, oldestFirst };
  const key = JSON.stringify(shape);
  let prepared = preparedPages.get(key);
  if (!prepared) preparedPages.set(key, (prepared = preparedPage(shape)));
  return prepared(db).execute({
    userId,
    pattern: filters.search ? containsPattern(filters.search) : undefined,
    type: filters.type,
    status: filters.status,
    offset,
    limit,
    depth: offset + limit,
  });
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
  return runHistoryPage(db, userId, {}, { offset: 0, limit, fromEnd: false });
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
    (w) => runHistoryPage(db, userId, q, w),
  );
}

/**
 * The cursor page of `userId`'s history matching `filters` that `q` asks for: `q.limit` lines
 * (100 by default) after the line `q.cursor` names, newest first, and how many lines match. Each
 * source is read in index order from the cursor's place (the line read from the whole history,
 * lib/cursor.ts `afterCursor`), `limit` lines at most. Throws AppError 400 `invalid_cursor`.
 */
export async function historyCursorPage(
  db: DbOrTx,
  userId: string,
  q: HistoryFilters & { cursor?: string; limit?: number },
): Promise<{ rows: HistoryRow[]; total: number; nextCursor: string | null }> {
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const filters = { pattern, type: q.type, status: q.status };
  const id = q.cursor ? decodeCursor(q.cursor) : undefined;
  const read = (limit: number): Promise<HistoryRow[]> => {
    const [deposits, withdrawals, entries] = SOURCES.map((view) =>
      db
        .select()
        .from(view)
        .where(
          and(
            linesWhere(view, userId, filters),
            id ? afterCursor(view, historyKeys(view), id, transactionHistory) : undefined,
          ),
        )
        .orderBy(...historyOrder(view))
        .limit(limit),
    );
    return unionAll(deposits!, withdrawals!, entries!)
      .orderBy(...historyOrder(transactionHistory))
      .limit(limit);
  };
  const [page, total] = await Promise.all([
    readCursorPage(q.limit ?? 100, read),
    countHistory(db, userId, q),
  ]);
  return { ...page, total };
}
