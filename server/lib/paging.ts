/**
 * Server-side paging (docs/architecture.md "API contract": `?page&pageSize` → `{ data, total }`):
 * one page of a list and how many rows match in all, read so that the first and the last page of a
 * long list cost about the same (docs/performance.md "Admin lists").
 *
 * - A page past the middle of the list is read from its other end (the order reversed, the rows put
 *   back): reading a page skips at most half of the list.
 * - The page's ids are read first, then their rows (a "deferred join"): when an index holds the
 *   list's condition and order, skipping rows reads only that index, not the table.
 * - The total comes from a count kept by triggers (`list_counts`, migration `list_counts`) for the
 *   lists that have one when nothing filters them; from a count of the matching rows otherwise.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  sum,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { listCounts } from '../db/schema';
import { dateRangeInstants, type DateRange } from '@common/schemas/date-range';

/** A page request: `page` from 1, `pageSize` rows. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * A list's sort key: a column (or an output column of a union, as SQL) and its direction; give a
 * unique last key so pages never overlap.
 */
export type SortKey = readonly [AnyColumn | SQLWrapper, 'asc' | 'desc'];

/** The lists whose unfiltered total is kept in `list_counts`. */
export type CountedList = 'live_users' | 'pending_reviews' | 'audit_log';

/** `order` as ORDER BY terms, or its reverse. */
export function sortedBy(order: readonly SortKey[], reverse = false): SQL[] {
  return order.map(([column, dir]) => ((dir === 'desc') !== reverse ? desc(column) : asc(column)));
}

/**
 * Where page `q` lies in a list of `total` rows: `limit` rows after skipping `offset`, counted from
 * the list's start, or from its end when `fromEnd` (then read in reverse order and put back).
 * Undefined past the last page.
 */
export function pageWindow(q: PageRequest, total: number): PageWindow | undefined {
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= total) return undefined;
  const limit = Math.min(q.pageSize, total - offset);
  if (offset + limit / 2 <= total / 2) return { offset, limit, fromEnd: false };
  return { offset: total - offset - limit, limit, fromEnd: true };
}

/** Where a page lies in a list: see `pageWindow`. */
export interface PageWindow {
  offset: number;
  limit: number;
  fromEnd: boolean;
}

/**
 * Page `q` of a list and its total: `read(window)` answers the window's rows in the order it read
 * them (reversed when `window.fromEnd`; they are put back here), `total()` the list's length. The
 * first page is read from the start at once with the total; any other once the total places it.
 */
export async function readPage<T>(
  q: PageRequest,
  total: () => Promise<number>,
  read: (window: PageWindow) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (q.page === 1) {
    const [rows, n] = await Promise.all([read({ offset: 0, limit: q.pageSize, fromEnd: false }), total()]);
    return { rows, total: n };
  }
  const n = await total();
  const window = pageWindow(q, n);
  if (!window) return { rows: [], total: n };
  const rows = await read(window);
  return { rows: window.fromEnd ? rows.reverse() : rows, total: n };
}

/** The kept total of `list` (the sum of its shards). */
export async function listCount(db: DbOrTx, list: CountedList): Promise<number> {
  const [row] = await db
    .select({ rows: sum(listCounts.rows).mapWith(Number) })
    .from(listCounts)
    .where(eq(listCounts.list, list));
  return row?.rows ?? 0;
}

/** A table a list pages: any table with an `id` column. */
export type ListTable = PgTable & { id: PgColumn };

/**
 * `limit` rows of `table` after skipping `offset` in `order` (reversed when from the end: in the
 * order read), ids first.
 */
export async function readWindow<T extends ListTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: readonly SortKey[],
  window: PageWindow,
): Promise<T['$inferSelect'][]> {
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...sortedBy(order, window.fromEnd))
    .limit(window.limit)
    .offset(window.offset);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(inArray(table.id, ids))
    .orderBy(...sortedBy(order, window.fromEnd));
  return rows as T['$inferSelect'][];
}

/**
 * Rows `(page − 1) × pageSize` … of `table` matching `where`, in `order`, and the number of
 * matching rows: `counted`'s kept total when given (pass it only when `where` is exactly that
 * list's condition), else a count.
 */
export async function pageOf<T extends ListTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: readonly SortKey[],
  q: PageRequest,
  counted?: CountedList,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  return readPage(
    q,
    () => countRows(db, table, where, counted),
    (window) => readWindow(db, table, where, order, window),
  );
}

/**
 * How many rows of `table` match `where`: `counted`'s kept total when given (only when `where` is
 * exactly that list's condition), else a count.
 */
export async function countRows(
  db: DbOrTx,
  table: ListTable,
  where: SQL | undefined,
  counted?: CountedList,
): Promise<number> {
  if (counted) return listCount(db, counted);
  const [row] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * A page as the API answers it, `{ data, total, nextCursor? }`: each row of `page` presented by `present`, and
 * the number of matching rows (every page, not this one).
 */
export function presentPage<R, P>(
  page: { rows: R[]; total: number; nextCursor?: string | null },
  present: (row: R) => P,
) {
  return {
    data: page.rows.map(present),
    total: page.total,
    // a cursor page's next cursor (lib/cursor.ts); a page by number has none
    ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
  };
}

/**
 * The `ILIKE` pattern of a list's search box: rows whose text contains `search` (case-insensitive),
 * with `%`, `_` and `\` in it matched as themselves, not as wildcards.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` (a list's `created_at`, the first key of its (created_at, id) index) within the UTC days
 * `from`–`to` (inclusive; common/schemas/date-range.ts): `start ≤ column < end`, a range on the
 * index's first key, so a filtered page still reads the ids from that index alone. Undefined when
 * neither day is given.
 */
export function createdWithin(column: AnyColumn, range: DateRange): SQL | undefined {
  const { start, end } = dateRangeInstants(range);
  return and(start ? gte(column, start) : undefined, end ? lt(column, end) : undefined);
}

/** True when a date range filter is given (the list's kept total no longer applies). */
export const hasDateRange = (range: DateRange) => Boolean(range.from || range.to);
