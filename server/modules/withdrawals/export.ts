/**
 * One client's crypto or bank withdrawals as CSV (GET /api/c-withdrawals/export.csv?userId and
 * /api/b-withdrawals/export.csv?userId; docs/integrations.md "Exports"): the back office's list of
 * them (not deleted), newest first, every row, streamed (lib/request-export.ts): time sent, amount
 * (USD), the destination as the page shows it (crypto: wallet and address; bank: bank, account
 * name, IBAN or account number and routing, SWIFT), the payout reference, status, time reviewed,
 * reason, id.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { walletName } from '@common/sentences';
import { withdrawals as w } from '../../db/schema';
import type { StreamRows } from '../../lib/csv';
import { exportRequestsCsv, type RequestKindCells } from '../../lib/request-export';
import { WITHDRAWAL_ORDER, withdrawalsWhere, type WithdrawalMethod } from './service';

/** Each method's own cells: its destination, then the payout reference. */
const METHOD_CELLS: Record<WithdrawalMethod, RequestKindCells> = {
  crypto: {
    head: ['Wallet', 'Address', 'Payout reference'],
    select: sql`${w.wallet} as wallet, ${w.address} as address, ${w.payoutReference} as payout_reference`,
    cells: (r) => [walletName(r.wallet ?? ''), r.address ?? '', r.payout_reference ?? ''],
  },
  bank: {
    head: ['Bank', 'Account name', 'IBAN', 'Account number', 'Routing', 'SWIFT', 'Payout reference'],
    select: sql`${w.bankName} as bank_name, ${w.accountName} as account_name, ${w.iban} as iban,
      ${w.accountNumber} as account_number, ${w.routing} as routing, ${w.swift} as swift,
      ${w.payoutReference} as payout_reference`,
    cells: (r) => [
      r.bank_name ?? '',
      r.account_name ?? '',
      r.iban ?? '',
      r.account_number ?? '',
      r.routing ?? '',
      r.swift ?? '',
      r.payout_reference ?? '',
    ],
  },
};

/** The export of client `q.userId`'s withdrawals of `method`, newest first, as a CSV stream (see above). */
export const exportWithdrawalsCsv =
  (method: WithdrawalMethod) =>
  (streamRows: StreamRows, q: { userId: string }): Promise<Readable> =>
    exportRequestsCsv(
      streamRows,
      w,
      withdrawalsWhere(method, q.userId),
      WITHDRAWAL_ORDER,
      METHOD_CELLS[method],
    );
