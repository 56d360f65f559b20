/** What of a history line leaves the server, and the CSV export of the history. Amounts in USD. */
import type { RequestStatus } from '@common/schemas/deposits';
import type { PublicTransaction, TransactionType } from '@common/schemas/transactions';
import { toCsv } from '../../lib/csv';
import { centsToUsd } from '../../lib/money';
import type { HistoryRow } from './service';

export function presentTransaction(row: HistoryRow): PublicTransaction {
  return {
    _id: row.id,
    userId: row.userId,
    amount: centsToUsd(row.amount),
    direction: row.direction as PublicTransaction['direction'],
    type: row.type as TransactionType,
    status: row.status as RequestStatus,
    method: row.method,
    details: row.details,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
    voided: row.voided,
  };
}

/** The history as CSV (RFC 4180, CRLF line ends, formula-safe cells), newest first. */
export function historyCsv(rows: HistoryRow[]): string {
  const head = ['Date', 'Type', 'Direction', 'Amount (USD)', 'Status', 'Method', 'Details', 'Voided', 'ID'];
  return toCsv(
    head,
    rows.map((r) => [
      r.date.toISOString(),
      r.type,
      r.direction,
      centsToUsd(r.amount).toFixed(2),
      r.status,
      r.method,
      r.details,
      r.voided ? 'yes' : 'no',
      r.id,
    ]),
  );
}
