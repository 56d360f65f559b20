/** What of a history line leaves the server (its CSV export: history-csv.ts). Amounts in USD. */
import type { RequestStatus } from '@common/schemas/deposits';
import type { PublicTransaction, TransactionType } from '@common/schemas/transactions';
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
