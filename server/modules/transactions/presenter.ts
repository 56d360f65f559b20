/**
 * What of a history line leaves the server (seed §3 "Transaction"), the CSV export of it, and the
 * admin review queue's rows. Amounts in USD.
 */
import type { RequestStatus } from '@common/schemas/deposits';
import type { PendingReview, PublicTransaction, TransactionType } from '@common/schemas/transactions';
import { toCsv } from '../../lib/csv';
import { centsToUsd } from '../../lib/money';
import type { HistoryRow, PendingReviewRow } from './service';

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

export function presentPendingReview(row: PendingReviewRow): PendingReview {
  return {
    _id: row.id,
    kind: row.kind,
    userId: row.userId,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    userBlocked: row.userBlocked,
    amount: centsToUsd(row.amount),
    method: row.method,
    createdAt: row.createdAt.toISOString(),
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
