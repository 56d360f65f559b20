/**
 * The staff's list of support tickets as CSV (GET /api/support/export.csv; docs/integrations.md
 * "Exports"): every ticket, or only open or closed ones, newest first as the list shows them
 * (service.ts `listTickets`, which stops at 500; the file has every match), streamed a batch at a
 * time (lib/csv.ts: formula-safe cells). The replies themselves are not exported, only how many
 * there are and when the last came.
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { SupportStatus } from '@common/schemas/support';
import { supportReplies, supportTickets as st, users } from '../../db/schema';
import { type StreamRows, csvStream, csvTime, fullName } from '../../lib/csv';

/** One ticket as the export reads it (raw columns). */
interface TicketExportRow {
  id: string;
  created_at: Date | string;
  closed_at: Date | string | null;
  status: string;
  message: string;
  email: string;
  name: string;
  replies: number | string;
  last_reply_at: Date | string | null;
}

/** The export's header row. */
export const TICKETS_CSV_HEAD = [
  'Opened (UTC)',
  'Status',
  'Client e-mail',
  'Client name',
  'Message',
  'Replies',
  'Last reply (UTC)',
  'Closed (UTC)',
  'ID',
];

/**
 * Every ticket with `status` (open or closed; all without it), newest first (opened, then id), as
 * a CSV stream: times ISO 8601 UTC, the client by e-mail and name, the first message, the number
 * of replies and the time of the last. Throws what the database throws on the first batch
 * (lib/csv.ts `csvStream`).
 */
export function exportTicketsCsv(streamRows: StreamRows, q: { status?: SupportStatus }): Promise<Readable> {
  const rows = streamRows<TicketExportRow>(
    sql`select ${st.id} as id, ${st.createdAt} as created_at, ${st.closedAt} as closed_at,
      ${st.status} as status, ${st.message} as message, ${users.email} as email,
      ${fullName(users)} as name,
      (select count(*) from ${supportReplies} where ${supportReplies.ticketId} = ${st.id}) as replies,
      (select max(${supportReplies.createdAt}) from ${supportReplies}
        where ${supportReplies.ticketId} = ${st.id}) as last_reply_at
      from ${st} join ${users} on ${users.id} = ${st.userId}
      where ${q.status ? eq(st.status, q.status) : sql`true`}
      order by ${st.createdAt} desc, ${st.id} desc`,
  );
  return csvStream(TICKETS_CSV_HEAD, rows, (r) => [
    csvTime(r.created_at),
    r.status,
    r.email,
    r.name,
    r.message,
    String(r.replies),
    csvTime(r.last_reply_at),
    csvTime(r.closed_at),
    r.id,
  ]);
}
