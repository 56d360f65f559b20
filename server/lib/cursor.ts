/**
 * Keyset ("cursor") pages of a list, for machines reading a whole list (docs/integrations.md
 * "Cursor pages"): `?limit=N` answers the first N rows in the list's order and a `nextCursor`;
 * `?cursor=C&limit=N` the N rows after C. Unlike a page number, a cursor is stable while rows are
 * inserted: a row inserted before the cursor's place is never read, one after it is read once, so
 * no row is read twice or skipped. The cursor is the last row's id (base64url, opaque to the
 * caller); the comparison reads that row's own sort values, so the database's microseconds are
 * kept and the caller cannot forge a place.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgView } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import {
  countRows,
  pageOf,
  readWindow,
  type CountedList,
  type ListTable,
  type PageRequest,
  type SortKey,
} from './paging';
import { z } from 'zod';
import { AppError } from './errors';

const UUID = z.uuid();

/** The cursor of a row: its id, base64url. */
export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** The row id a cursor names; throws AppError 400 `invalid_cursor` for anything that is not one. */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.safeParse(id).success) throw new AppError('invalid_cursor');
  return id;
}

/**
 * The condition "after the row `id`" in `order`, a list's sort keys: columns of `table` (the last
 * one its id, so the order is total), all ascending or all descending (a row comparison). The
 * cursor's row is read from `rowsOf` (by default `table`): a list merged from several sources (a
 * union view) compares each source with the row of the union. A cursor naming no row matches
 * nothing. Throws for mixed directions (a programming error).
 */
export function afterCursor(
  table: PgTable | PgView,
  order: readonly SortKey[],
  id: string,
  rowsOf: PgTable | PgView = table,
): SQL {
  const directions = new Set(order.map(([, dir]) => dir));
  if (directions.size !== 1) throw new Error('a cursor needs one direction for every sort key');
  const columns = order.map(([column]) => column as PgColumn);
  const mine = sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  );
  const theirs = sql.join(
    columns.map((c) => sql`c.${sql.identifier(c.name)}`),
    sql`, `,
  );
  const op = directions.has('desc') ? sql`<` : sql`>`;
  return sql`(${mine}) ${op} (select ${theirs} from ${rowsOf} c where c.id = ${id}::uuid)`;
}

/** `afterCursor` in the order (created_at desc, id desc) of `table`, with those two columns. */
export function olderThan(table: PgTable, createdAt: PgColumn, idColumn: PgColumn, id: string): SQL {
  return afterCursor(
    table,
    [
      [createdAt, 'desc'],
      [idColumn, 'desc'],
    ],
    id,
  );
}

/**
 * Reads one cursor page: `read(limit + 1)` answers up to that many rows in list order; the extra
 * row, when there is one, only says that more follow. Answers the page and the next cursor (null at
 * the end).
 */
export async function readCursorPage<T extends { id: string }>(
  limit: number,
  read: (limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const rows = await read(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!.id) : null };
}

/** Whether `q` asks for a cursor page (it has a `cursor` or a `limit`) rather than a page by number. */
export const asksCursorPage = (q: { cursor?: string; limit?: number }): boolean =>
  q.cursor !== undefined || q.limit !== undefined;

/**
 * The cursor page `q` asks for (`limit` rows, 100 by default, after `q.cursor`) of a list whose
 * query is the caller's own (a select with computed columns, a union): `read(after, limit)`
 * answers up to `limit` rows in the list's order that match `after`, the condition "after the
 * cursor's row" that `after(id)` makes (`afterCursor`), or every row on the first page. Answers the
 * rows and the next cursor (null after the last). Throws AppError 400 `invalid_cursor`.
 */
export function cursorPageOf<T extends { id: string }>(
  q: { cursor?: string; limit?: number },
  after: (id: string) => SQL,
  read: (after: SQL | undefined, limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const condition = q.cursor ? after(decodeCursor(q.cursor)) : undefined;
  return readCursorPage(q.limit ?? 100, (limit) => read(condition, limit));
}

/** A list's paging: a page number (`page`, `pageSize`), or a cursor page (`cursor`, `limit`). */
export interface PageOrCursor extends PageRequest {
  cursor?: string;
  limit?: number;
}

/**
 * A list of `table` matching `where` in `order` (see `afterCursor` for what a cursor page needs of
 * it) and its total: page `q.page` as `pageOf` reads it, or, when `q` has a `cursor` or a `limit`,
 * the `limit` rows (default 100) after the cursor and the next cursor (null after the last).
 * Throws AppError 400 `invalid_cursor`.
 */
export async function pageOrCursorOf<T extends ListTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: readonly SortKey[],
  q: PageOrCursor,
  counted?: CountedList,
): Promise<{ rows: T['$inferSelect'][]; total: number; nextCursor?: string | null }> {
  if (!asksCursorPage(q)) return pageOf(db, table, where, order, q, counted);
  const after = q.cursor ? afterCursor(table, order, decodeCursor(q.cursor)) : undefined;
  const [page, total] = await Promise.all([
    readCursorPage(
      q.limit ?? 100,
      (limit) =>
        readWindow(db, table, and(where, after), order, { offset: 0, limit, fromEnd: false }) as Promise<
          Array<T['$inferSelect'] & { id: string }>
        >,
    ),
    countRows(db, table, where, counted),
  ]);
  return { rows: page.rows, total, nextCursor: page.nextCursor };
}

/**
 * A list that answers every row (up to `cap`) unless asked for cursor pages: `read(after, limit)`
 * answers up to `limit` rows (all when undefined) of the list in `order` (see `afterCursor`) that
 * also match `after`, the SQL condition "after the cursor" (undefined: from the start). Without a
 * `cursor` or a `limit` in `q`, answers `read(undefined, cap)`; with one, the `limit` rows (default
 * 100) after the cursor and the next cursor (null after the last), as `readCursorPage`. Throws
 * AppError 400 `invalid_cursor`.
 */
export async function wholeOrCursor<T extends { id: string }>(
  table: PgTable,
  order: readonly SortKey[],
  q: { cursor?: string; limit?: number },
  cap: number | undefined,
  read: (after: SQL | undefined, limit: number | undefined) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor?: string | null }> {
  if (q.cursor === undefined && q.limit === undefined) return { rows: await read(undefined, cap) };
  const after = q.cursor ? afterCursor(table, order, decodeCursor(q.cursor)) : undefined;
  return readCursorPage(q.limit ?? 100, (limit) => read(after, limit));
}

/** A list's answer `{ data, nextCursor? }`: `nextCursor` on cursor pages only (`wholeOrCursor`). */
export function presentList<R, P>(list: { rows: R[]; nextCursor?: string | null }, present: (row: R) => P) {
  return {
    data: list.rows.map(present),
    ...(list.nextCursor !== undefined && { nextCursor: list.nextCursor }),
  };
}
