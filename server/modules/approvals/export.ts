/**
 * The four-eyes queue as CSV (GET /api/approvals/export.csv; docs/integrations.md "Exports"): the
 * queue's filters (`status`, `clientId`) and order, every matching request, streamed a batch at a
 * time (lib/csv.ts: formula-safe cells). A request's payload (the maker's input) is not exported:
 * only its summary in words. The list's filter and order live here, and the service's page reads
 * them too, so the file and the page never disagree.
 */
import type { Readable } from 'node:stream';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalsExportQuery } from '@common/schemas/approvals';
import { approvalRequests as ar, users } from '../../db/schema';
import { type StreamRows, csvStream, csvTime, fullName } from '../../lib/csv';
import { usdDecimal } from '../../lib/money';
import { sortedBy, type SortKey } from '../../lib/paging';

/** The requests of the queue's `status` (pending, or decided: approved or rejected), about `clientId` when given. */
export function queueWhere(q: ApprovalsExportQuery): SQL | undefined {
  return and(
    q.status === 'pending' ? eq(ar.status, 'pending') : ne(ar.status, 'pending'),
    q.clientId ? eq(ar.clientId, q.clientId) : undefined,
  );
}

/** The queue's order: pending oldest first, decided newest first (id breaks ties). */
export function queueOrder(status: ApprovalsExportQuery['status']): SortKey[] {
  return status === 'pending'
    ? [
        [ar.createdAt, 'asc'],
        [ar.id, 'asc'],
      ]
    : [
        [ar.decidedAt, 'desc'],
        [ar.id, 'desc'],
      ];
}

const client = alias(users, 'client');
const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

/** One request as the export reads it (raw columns: cents as text or bigint, times as Date or text). */
interface ApprovalExportRow {
  id: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  action: string;
  status: string;
  amount: string | number | bigint;
  summary: string | null;
  reason: string;
  decision_reason: string | null;
  result_id: string | null;
  client_email: string | null;
  client_name: string | null;
  maker_email: string;
  maker_name: string;
  checker_email: string | null;
  checker_name: string | null;
}

/** The export's header row. */
export const APPROVALS_CSV_HEAD = [
  'Requested (UTC)',
  'Action',
  'Summary',
  'Amount (USD)',
  'Status',
  'Client e-mail',
  'Client name',
  'Reason',
  'Maker e-mail',
  'Maker name',
  'Checker e-mail',
  'Checker name',
  'Decided (UTC)',
  'Decision reason',
  'Result ID',
  'ID',
];

/**
 * Every request of the queue matching `q` (`status` pending or decided, `clientId`), in the
 * queue's order, as a CSV stream: times ISO 8601 UTC, the amount in USD with two decimals, each
 * person (client or staff member the request is about, maker, checker) by e-mail and name. Throws
 * what the database throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportApprovalsCsv(streamRows: StreamRows, q: ApprovalsExportQuery): Promise<Readable> {
  const rows = streamRows<ApprovalExportRow>(
    sql`select ${ar.id} as id, ${ar.createdAt} as created_at, ${ar.decidedAt} as decided_at,
      ${ar.action} as action, ${ar.status} as status, ${ar.amount} as amount,
      ${ar.payload} ->> 'summary' as summary, ${ar.reason} as reason,
      ${ar.decisionReason} as decision_reason, ${ar.result} ->> 'id' as result_id,
      ${client.email} as client_email, ${fullName(client)} as client_name,
      ${maker.email} as maker_email, ${fullName(maker)} as maker_name,
      ${checker.email} as checker_email, ${fullName(checker)} as checker_name
      from ${ar}
      join ${users} as "maker" on ${maker.id} = ${ar.makerId}
      left join ${users} as "client" on ${client.id} = ${ar.clientId}
      left join ${users} as "checker" on ${checker.id} = ${ar.checkerId}
      where ${queueWhere(q) ?? sql`true`}
      order by ${sql.join(sortedBy(queueOrder(q.status)), sql`, `)}`,
  );
  return csvStream(APPROVALS_CSV_HEAD, rows, (r) => [
    csvTime(r.created_at),
    r.action,
    r.summary ?? '',
    usdDecimal(BigInt(r.amount)),
    r.status,
    r.client_email ?? '',
    r.client_name ?? '',
    r.reason,
    r.maker_email,
    r.maker_name,
    r.checker_email ?? '',
    r.checker_name ?? '',
    csvTime(r.decided_at),
    r.decision_reason ?? '',
    r.result_id ?? '',
    r.id,
  ]);
}
