/**
 * Server-side paging (docs/architecture.md "API contract": `?page&pageSize` → `{ data, total }`):
 * one page of a table's rows and how many rows match in all, read in parallel.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A page request: `page` from 1, `pageSize` rows. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * Rows `(page − 1) × pageSize` … of `table` matching `where`, in `order` (give a unique last key so
 * pages never overlap), and the number of matching rows.
 */
export async function pageOf<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: Array<SQL | PgColumn>,
  q: PageRequest,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(counted?.n ?? 0) };
}

/**
 * The `ILIKE` pattern of a list's search box: rows whose text contains `search` (case-insensitive),
 * with `%`, `_` and `\` in it matched as themselves, not as wildcards.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
