/**
 * The cells of the history's CSV export (GET /api/transaction/export.csv), one line at a time as the
 * service streams them from the database. Amounts in USD with two decimals.
 */
import { centsToUsd } from '../../lib/money';

/** A history line as the export reads it from the database (lib/csv.ts `csvStream`). */
export interface HistoryExportRow {
  id: string;
  type: string;
  direction: string;
  /** Cents, as text (int8 on PostgreSQL) or a number. */
  amount: string | number | bigint;
  status: string;
  method: string;
  details: string;
  voided: boolean;
  date: Date | string;
}

/** The export's header row. */
export const HISTORY_CSV_HEAD = [
  'Date',
  'Type',
  'Direction',
  'Amount (USD)',
  'Status',
  'Method',
  'Details',
  'Voided',
  'ID',
];

/** The cells of one exported history line (RFC 4180 and formula safety in lib/csv.ts). */
export function historyCsvCells(r: HistoryExportRow): string[] {
  return [
    new Date(r.date).toISOString(),
    r.type,
    r.direction,
    centsToUsd(BigInt(r.amount)).toFixed(2),
    r.status,
    r.method,
    r.details,
    r.voided ? 'yes' : 'no',
    r.id,
  ];
}
