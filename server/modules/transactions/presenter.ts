/** What of a history line leaves the server (its CSV export: history-csv.ts). Amounts in USD. */
import type { RequestStatus } from '@common/schemas/deposits';
import type { PublicTransaction, TransactionType } from '@common/schemas/transactions';
import type { ValueHistoryPoint } from '@common/schemas/value-history';
import { centsToUsd } from '../../lib/money';
import type { HistoryRow } from './service';
import type { ValueDay } from './value-history';

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

/** A day of the account value series in USD, with its total (value-history.ts). */
export function presentValueDay(d: ValueDay): ValueHistoryPoint {
  return {
    day: d.day,
    available: centsToUsd(d.available),
    held: centsToUsd(d.held),
    invested: centsToUsd(d.invested),
    total: centsToUsd(d.available + d.held + d.invested),
    deposits: centsToUsd(d.deposits),
    withdrawals: centsToUsd(d.withdrawals),
    profit: centsToUsd(d.profit),
  };
}
