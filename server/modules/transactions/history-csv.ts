/**
 * The cells of the history's CSV export (GET /api/transaction/export.csv), one line at a time as the
 * service streams them from the database, in the words the history screen uses (common/
 * transaction-labels.ts): "Deposit", "Loss", "Bitcoin", "Successful", never the API's keys.
 *
 * Two amounts (USD, two decimals): "Amount (USD)" is the line's amount as the screen shows it;
 * "Money moved (USD)" is what the line moved, signed (a debit is negative), and is empty for a line
 * that moved nothing: a rejected deposit or declined withdrawal, or a request still waiting for
 * review (docs/product.md "Transaction history"). Summing that column never counts a refused request.
 */
import { CLIENT_STATUS_LABELS, lineTypeLabel, methodLabel } from '@common/transaction-labels';
import type { RequestStatus } from '@common/schemas/deposits';
import type { TransactionType } from '@common/schemas/transactions';
import { centsToUsd } from '../../lib/money';

/** A history line as the export reads it from the database (lib/csv.ts `csvStream`). */
export interface HistoryExportRow {
  id: string;
  type: TransactionType;
  direction: 'credit' | 'debit';
  /** Cents, as text (int8 on PostgreSQL) or a number. */
  amount: string | number | bigint;
  status: RequestStatus;
  method: string;
  details: string;
  voided: boolean;
  date: Date | string;
}

/** The export's header row. */
export const HISTORY_CSV_HEAD = [
  'Date (UTC)',
  'Type',
  'Method',
  'Amount (USD)',
  'Money moved (USD)',
  'Status',
  'Details',
  'Voided',
  'Reference',
];

/** "2026-11-30 14:05:09": the line's instant in UTC, as spreadsheets read a date and time. */
const utc = (date: Date | string) => new Date(date).toISOString().slice(0, 19).replace('T', ' ');

/** The cells of one exported history line (RFC 4180 and formula safety in lib/csv.ts). */
export function historyCsvCells(r: HistoryExportRow): string[] {
  const usd = centsToUsd(BigInt(r.amount)).toFixed(2);
  const moved = r.status === 'approved' ? (r.direction === 'debit' ? `-${usd}` : usd) : '';
  return [
    utc(r.date),
    lineTypeLabel(r) ?? r.type,
    methodLabel(r.method),
    usd,
    moved,
    CLIENT_STATUS_LABELS[r.status],
    r.details,
    r.voided ? 'Yes' : 'No',
    r.id,
  ];
}
