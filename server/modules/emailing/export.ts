/**
 * The mail outbox as CSV (GET /api/mail/outbox/export.csv; docs/integrations.md "Exports"): the
 * mails of one status, newest first as the outbox page lists them (service.ts `listOutbox`),
 * streamed a batch at a time (lib/csv.ts: formula-safe cells). Only the recipient, subject, status,
 * tries, last error and times leave: never a mail's text, HTML or values (they may hold a sign-in
 * or withdrawal code). As on the page, a mail to a staff member shows STAFF_MAIL_SUBJECT and no
 * last error to staff who do not manage staff.
 */
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { can } from '@common/permissions';
import type { OutboxQuery } from '@common/schemas/emailing';
import { mailOutbox as mo, users } from '../../db/schema';
import { type StreamRows, csvStream, csvTime } from '../../lib/csv';
import { STAFF_MAIL_SUBJECT, type OutboxViewer } from './service';

/** One mail as the export reads it (raw columns, the body never among them). */
interface OutboxExportRow {
  id: string;
  created_at: Date | string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
  body_removed_at: Date | string | null;
  to_staff: boolean;
}

/** The export's header row. */
export const OUTBOX_CSV_HEAD = [
  'Created (UTC)',
  'To',
  'Subject',
  'Status',
  'Attempts',
  'Last error',
  'Next attempt (UTC)',
  'Sent (UTC)',
  'Body removed (UTC)',
  'ID',
];

/**
 * Every mail with `q.status` (failed, queued or sent), newest first (created, then id), as
 * `viewer` may see it, as a CSV stream: times ISO 8601 UTC, recipient, subject, status, tries,
 * last error. Throws what the database throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportOutboxCsv(
  streamRows: StreamRows,
  q: Pick<OutboxQuery, 'status'>,
  viewer: OutboxViewer,
): Promise<Readable> {
  // a mail to a staff user (invited or active) is hidden from those who do not manage staff
  const toStaff = can(viewer.role, 'staff.manage')
    ? sql`false`
    : sql`exists (select 1 from ${users} where lower(${users.email}) = lower(${mo.to})
        and ${users.role} <> 'client')`;
  const rows = streamRows<OutboxExportRow>(
    sql`select ${mo.id} as id, ${mo.createdAt} as created_at, ${mo.to} as "to", ${mo.subject} as subject,
      ${mo.status} as status, ${mo.attempts} as attempts, ${mo.lastError} as last_error,
      ${mo.nextAttemptAt} as next_attempt_at, ${mo.sentAt} as sent_at,
      ${mo.bodyRemovedAt} as body_removed_at, ${toStaff} as to_staff
      from ${mo} where ${eq(mo.status, q.status)}
      order by ${mo.createdAt} desc, ${mo.id} desc`,
  );
  return csvStream(OUTBOX_CSV_HEAD, rows, (r) => [
    csvTime(r.created_at),
    r.to,
    r.to_staff ? STAFF_MAIL_SUBJECT : r.subject,
    r.status,
    String(r.attempts),
    r.to_staff ? '' : (r.last_error ?? ''),
    csvTime(r.next_attempt_at),
    csvTime(r.sent_at),
    csvTime(r.body_removed_at),
    r.id,
  ]);
}
