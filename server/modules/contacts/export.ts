/**
 * The contact-form messages as CSV (GET /api/contacts/export.csv; docs/integrations.md "Exports"):
 * every message, newest first as the list shows them (service.ts `list`), streamed a batch at a
 * time (lib/csv.ts: formula-safe cells). The sender's address (IP), kept for abuse handling, is
 * not exported.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { contactMessages as cm } from '../../db/schema';
import { type StreamRows, csvStream, csvTime } from '../../lib/csv';

/** One message as the export reads it (raw columns). */
interface ContactExportRow {
  id: string;
  created_at: Date | string;
  name: string;
  email: string;
  message: string;
}

/** The export's header row. */
export const CONTACTS_CSV_HEAD = ['Received (UTC)', 'Name', 'E-mail', 'Message', 'ID'];

/**
 * Every contact-form message, newest first (received, then id), as a CSV stream: time ISO 8601
 * UTC, the sender's name and e-mail as they typed them, the message. Throws what the database
 * throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportContactsCsv(streamRows: StreamRows): Promise<Readable> {
  const rows = streamRows<ContactExportRow>(
    sql`select ${cm.id} as id, ${cm.createdAt} as created_at, ${cm.name} as name, ${cm.email} as email,
      ${cm.message} as message
      from ${cm} order by ${cm.createdAt} desc, ${cm.id} desc`,
  );
  return csvStream(CONTACTS_CSV_HEAD, rows, (r) => [csvTime(r.created_at), r.name, r.email, r.message, r.id]);
}
