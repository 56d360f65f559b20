/**
 * One client's notifications as CSV (GET /api/notifications/export.csv?userId=; docs/integrations.md
 * "Exports"): every notification of that user, newest first as the back-office list shows them
 * (service.ts `listForAdmin`, which stops at 100; the file has them all), streamed a batch at a time
 * (lib/csv.ts: formula-safe cells).
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { notifications as n } from '../../db/schema';
import { type StreamRows, csvStream, csvTime } from '../../lib/csv';

/** One notification as the export reads it (raw columns). */
interface NotificationExportRow {
  id: string;
  created_at: Date | string;
  title: string;
  message: string;
  read_at: Date | string | null;
}

/** The export's header row. */
export const NOTIFICATIONS_CSV_HEAD = ['Sent (UTC)', 'Title', 'Message', 'Read (UTC)', 'ID'];

/**
 * Every notification of the user `q.userId`, newest first (sent, then id), as a CSV stream: times
 * ISO 8601 UTC (read empty while unread), the title and message as sent. Throws what the database
 * throws on the first batch (lib/csv.ts `csvStream`).
 */
export function exportNotificationsCsv(streamRows: StreamRows, q: { userId: string }): Promise<Readable> {
  const rows = streamRows<NotificationExportRow>(
    sql`select ${n.id} as id, ${n.createdAt} as created_at, ${n.title} as title, ${n.message} as message,
      ${n.readAt} as read_at
      from ${n} where ${n.userId} = ${q.userId}::uuid
      order by ${n.createdAt} desc, ${n.id} desc`,
  );
  return csvStream(NOTIFICATIONS_CSV_HEAD, rows, (r) => [
    csvTime(r.created_at),
    r.title,
    r.message,
    csvTime(r.read_at),
    r.id,
  ]);
}
