/**
 * One client's deposits as CSV (GET /api/deposits/export.csv?userId; docs/integrations.md
 * "Exports"): the back office's list of them, in its order (newest first), every row, streamed
 * (lib/request-export.ts): time sent, amount (USD), wallet, transaction hash, status, time
 * reviewed, reason, id.
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { walletName } from '@common/sentences';
import { deposits } from '../../db/schema';
import type { StreamRows } from '../../lib/csv';
import { exportRequestsCsv } from '../../lib/request-export';
import { DEPOSIT_ORDER } from './service';

/** Every deposit of client `q.userId`, newest first, as a CSV stream (see above). */
export function exportDepositsCsv(streamRows: StreamRows, q: { userId: string }): Promise<Readable> {
  return exportRequestsCsv(streamRows, deposits, eq(deposits.userId, q.userId), DEPOSIT_ORDER, {
    head: ['Wallet', 'Transaction hash'],
    select: sql`${deposits.wallet} as wallet, ${deposits.transactionHash} as transaction_hash`,
    cells: (r) => [walletName(r.wallet ?? ''), r.transaction_hash ?? ''],
  });
}
