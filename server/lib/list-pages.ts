/**
 * The lists of money requests (deposits, crypto and bank withdrawals) as `GET /deposits`,
 * `/c-withdrawals` and `/b-withdrawals` answer them: without paging, the newest `REQUEST_LIST_CAP`
 * rows (the screens show a client's requests whole); with `?cursor` or `?limit`, a cursor page
 * (lib/cursor.ts, docs/integrations.md "Cursor pages") and how many rows match.
 */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { asksCursorPage, pageOrCursorOf } from './cursor';
import { sortedBy, type ListTable, type SortKey } from './paging';

/** How many rows a request list answers without paging. */
export const REQUEST_LIST_CAP = 500;

/** A request list's query: whose rows (`userId`, staff only) and an optional cursor page. */
export interface RequestListQuery {
  userId?: string;
  cursor?: string;
  limit?: number;
}

/** A request list: its rows; on a cursor page also the matching total and the next cursor. */
export interface RequestList<R> {
  rows: R[];
  total?: number;
  nextCursor?: string | null;
}

/**
 * The rows of `table` matching `where` in `order` (one direction, id last: lib/cursor.ts
 * `afterCursor`): the first `REQUEST_LIST_CAP`, or the cursor page `q` asks for. Throws AppError
 * 400 `invalid_cursor`.
 */
export async function requestList<T extends ListTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: readonly SortKey[],
  q: RequestListQuery,
): Promise<RequestList<T['$inferSelect']>> {
  if (asksCursorPage(q)) return pageOrCursorOf(db, table, where, order, { ...q, page: 1, pageSize: 10 });
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...sortedBy(order))
    .limit(REQUEST_LIST_CAP);
  return { rows: rows as T['$inferSelect'][] };
}

/** A request list as the API answers it: `{ data, total?, nextCursor? }`, each row through `present`. */
export function presentRequestList<R, P>(
  list: RequestList<R>,
  present: (row: R) => P,
): { data: P[]; total?: number; nextCursor?: string | null } {
  return {
    data: list.rows.map(present),
    ...(list.total !== undefined && { total: list.total }),
    ...(list.nextCursor !== undefined && { nextCursor: list.nextCursor }),
  };
}
