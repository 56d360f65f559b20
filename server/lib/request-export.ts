/**
 * The CSV export of one client's money requests (GET /api/deposits/export.csv,
 * /api/c-withdrawals/export.csv, /api/b-withdrawals/export.csv; docs/integrations.md "Exports"):
 * the list's rows and order (lib/list-pages.ts), every one, streamed a batch at a time with
 * formula-safe cells (lib/csv.ts). Each kind adds the cells of its own (a deposit's wallet and
 * transaction hash, a withdrawal's destination) between the cells every request has.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { csvStream, csvTime, type StreamRows } from './csv';
import { usdDecimal } from './money';
import { sortedBy, type ListTable, type SortKey } from './paging';

/** The columns every request table has (deposits, withdrawals). */
export type RequestTable = ListTable & {
  createdAt: PgColumn;
  amount: PgColumn;
  status: PgColumn;
  reviewedAt: PgColumn;
  decisionReason: PgColumn;
};

/** A request as the export reads it: the shared columns (cents as text, times as Date or text) and the kind's own. */
export type RequestExportRow = {
  id: string;
  created_at: Date | string;
  amount: string | number | bigint;
  status: string;
  reviewed_at: Date | string | null;
  decision_reason: string | null;
} & Record<string, string | null>;

/** What a kind of request adds to its export: its columns (as `select` terms) and their cells. */
export interface RequestKindCells {
  /** The header cells of the kind's own columns. */
  head: string[];
  /** The kind's columns, each `<column> as <name>`, joined with commas. */
  select: SQL;
  /** The kind's cells of one row, in `head`'s order. */
  cells: (row: RequestExportRow) => string[];
}

/**
 * The rows of `table` matching `where`, in `order`, as a CSV stream: time sent (ISO 8601 UTC),
 * amount (USD, two decimals), the kind's cells, status, time reviewed, reason, id. Throws what the
 * database throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportRequestsCsv(
  streamRows: StreamRows,
  table: RequestTable,
  where: SQL | undefined,
  order: readonly SortKey[],
  kind: RequestKindCells,
): Promise<Readable> {
  const t = table;
  const rows = streamRows<RequestExportRow>(
    sql`select ${t.id} as id, ${t.createdAt} as created_at, ${t.amount}::text as amount, ${t.status} as status,
      ${t.reviewedAt} as reviewed_at, ${t.decisionReason} as decision_reason, ${kind.select}
      from ${t} where ${where ?? sql`true`}
      order by ${sql.join(sortedBy(order), sql`, `)}`,
  );
  const head = ['Sent (UTC)', 'Amount (USD)', ...kind.head, 'Status', 'Reviewed (UTC)', 'Reason', 'ID'];
  return csvStream(head, rows, (r) => [
    csvTime(r.created_at),
    usdDecimal(BigInt(r.amount)),
    ...kind.cells(r),
    r.status,
    csvTime(r.reviewed_at),
    r.decision_reason ?? '',
    r.id,
  ]);
}
