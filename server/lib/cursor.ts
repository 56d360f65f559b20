/**
 * Keyset ("cursor") pages of a list ordered newest first by (created_at, id), for machines reading a
 * whole list (docs/integrations.md "Cursor pages"): `?limit=N` answers the newest N rows and a
 * `nextCursor`; `?cursor=C&limit=N` the N rows after C. Unlike a page number, a cursor is stable
 * while rows are inserted: new rows are newer than every cursor, so no row is read twice or
 * skipped. The cursor is the last row's id (base64url, opaque to the caller); the comparison
 * reads that row's own (created_at, id), so the database's microseconds are kept.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
 * The condition "older than the row `id`" in the order (created_at desc, id desc) of `table`
 * (its SQL name) with columns `createdAt` and `idColumn`. A cursor naming no row matches nothing.
 */
export function olderThan(table: string, createdAt: PgColumn, idColumn: PgColumn, id: string): SQL {
  return sql`(${createdAt}, ${idColumn}) < (select c.created_at, c.id from ${sql.identifier(table)} c where c.id = ${id}::uuid)`;
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
