/**
 * The pending reviews queue as CSV (GET /api/reviews/export.csv; docs/integrations.md "Exports"):
 * the pending deposits and withdrawals of every client, sent on the UTC days `from`–`to` when
 * given, oldest first as the queue pages them (service.ts), streamed a batch at a time (lib/csv.ts:
 * formula-safe cells). A withdrawal's destination is masked to its last 4 characters, as the queue
 * shows it.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DateRange } from '@common/schemas/date-range';
import { deposits, users, withdrawals } from '../../db/schema';
import { type StreamRows, csvStream, csvTime, fullName } from '../../lib/csv';
import { usdDecimal } from '../../lib/money';
import { destinationText, identityColumns, isNewDestination, presentIdentity } from './destination-facts';
import { pendingDeposit, pendingWithdrawal } from './service';

/** One queue row as the export reads it (raw columns: cents as text or bigint). */
interface ReviewExportRow {
  id: string;
  kind: string;
  amount: string | number | bigint;
  method: string;
  created_at: Date | string;
  email: string;
  name: string;
  blocked: boolean;
  identity_status: string;
  identity_level: number;
  d_method: string | null;
  d_wallet: string | null;
  d_address: string | null;
  d_bank_name: string | null;
  d_iban: string | null;
  d_account_number: string | null;
  d_routing: string | null;
  d_swift: string | null;
  new_destination: boolean | null;
}

/** The export's header row. */
export const REVIEWS_CSV_HEAD = [
  'Sent (UTC)',
  'Kind',
  'Amount (USD)',
  'Method',
  'Client e-mail',
  'Client name',
  'Client blocked',
  'Identity',
  'Verification level',
  'Destination',
  'New destination',
  'ID',
];

const yesNo = (b: boolean | null) => (b === null ? '' : b ? 'yes' : 'no');

/**
 * Every pending deposit and withdrawal sent within `range` (UTC days, both optional), oldest first
 * (time sent, then id), as a CSV stream: time ISO 8601 UTC, kind, amount in USD with two decimals,
 * method, the client by e-mail and name, whether they are blocked, their identity and level, a
 * withdrawal's masked destination and whether it is new. Throws what the database throws on the
 * first batch (lib/csv.ts `csvStream`).
 */
export function exportPendingReviewsCsv(streamRows: StreamRows, range: DateRange): Promise<Readable> {
  const identity = identityColumns(sql`${users}`);
  const noDestination = sql`null::text, null::text, null::text, null::text, null::text, null::text,
    null::text, null::text, null::boolean`;
  const rows = streamRows<ReviewExportRow>(
    sql`select q.*, ${users.email} as email, ${fullName(users)} as name, ${users.banned} as blocked,
      ${identity.identityStatus.sql} as identity_status, ${identity.identityLevel.sql} as identity_level
      from (
        select ${deposits.id} as id, 'deposit' as kind, ${deposits.amount} as amount,
          ${deposits.wallet} as method, ${deposits.createdAt} as created_at, ${deposits.userId} as user_id,
          ${noDestination}
          from ${deposits} where ${pendingDeposit(range)}
        union all
        select ${withdrawals.id}, case ${withdrawals.method} when 'bank' then 'bank-withdrawal'
            else 'crypto-withdrawal' end, ${withdrawals.amount}, coalesce(${withdrawals.wallet}, 'bank'),
          ${withdrawals.createdAt}, ${withdrawals.userId}, ${withdrawals.method}, ${withdrawals.wallet},
          ${withdrawals.address}, ${withdrawals.bankName}, ${withdrawals.iban}, ${withdrawals.accountNumber},
          ${withdrawals.routing}, ${withdrawals.swift}, ${isNewDestination(sql`${withdrawals}`)}
          from ${withdrawals} where ${pendingWithdrawal(range)}
      ) as q (id, kind, amount, method, created_at, user_id, d_method, d_wallet, d_address, d_bank_name,
        d_iban, d_account_number, d_routing, d_swift, new_destination)
      join ${users} on ${users.id} = q.user_id
      order by q.created_at asc, q.id asc`,
  );
  return csvStream(REVIEWS_CSV_HEAD, rows, (r) => {
    const withdrawal = r.kind !== 'deposit';
    const { status, level } = presentIdentity({
      identityStatus: r.identity_status,
      identityLevel: r.identity_level,
    });
    return [
      csvTime(r.created_at),
      r.kind,
      usdDecimal(BigInt(r.amount)),
      r.method,
      r.email,
      r.name,
      yesNo(r.blocked),
      status,
      level,
      withdrawal
        ? destinationText({
            method: r.d_method,
            wallet: r.d_wallet,
            address: r.d_address,
            bankName: r.d_bank_name,
            iban: r.d_iban,
            accountNumber: r.d_account_number,
            routing: r.d_routing,
            swift: r.d_swift,
          })
        : '',
      withdrawal ? yesNo(r.new_destination) : '',
      r.id,
    ];
  });
}
