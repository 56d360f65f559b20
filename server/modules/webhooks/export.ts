/**
 * The webhook delivery log as CSV (GET /api/webhooks/deliveries/export.csv?endpointId&status;
 * docs/integrations.md "Exports"): every delivery matching the log's filters, newest first as the
 * log pages them (service.ts `deliveries`), streamed a batch at a time (lib/csv.ts: formula-safe
 * cells). Never an endpoint's secret nor an event's payload.
 */
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookDeliveriesExportQuery } from '@common/schemas/webhooks';
import { webhookDeliveries as d, webhookEndpoints as ep, webhookEvents as ev } from '../../db/schema';
import { type StreamRows, csvStream, csvTime } from '../../lib/csv';

/** One delivery as the export reads it (raw columns). */
interface DeliveryExportRow {
  id: string;
  created_at: Date | string;
  event_id: string;
  event_type: string;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
}

/** The export's header row. */
export const DELIVERIES_CSV_HEAD = [
  'Created (UTC)',
  'Event',
  'Endpoint',
  'Status',
  'Tries',
  'Last HTTP status',
  'Last duration (ms)',
  'Last error',
  'Last try (UTC)',
  'Next try (UTC)',
  'Event ID',
  'ID',
];

const orEmpty = (n: number | null) => (n === null ? '' : String(n));

/**
 * Every delivery to `q.endpointId` (any endpoint without it) with `q.status` (any without it),
 * newest first (created, then id), as a CSV stream: the event's type and id, the endpoint's URL, the
 * status, the number of tries and the last one (HTTP status, milliseconds, error, time), the next
 * try; times ISO 8601 UTC, "" for none. Throws what the database throws on the first batch
 * (lib/csv.ts `csvStream`).
 */
export function exportDeliveriesCsv(
  streamRows: StreamRows,
  q: WebhookDeliveriesExportQuery,
): Promise<Readable> {
  const where = and(
    q.endpointId ? eq(d.endpointId, q.endpointId) : undefined,
    q.status ? eq(d.status, q.status) : undefined,
  );
  const rows = streamRows<DeliveryExportRow>(
    sql`select ${d.id} as id, ${d.createdAt} as created_at, ${d.eventId} as event_id, ${ev.type} as event_type,
      ${ep.url} as url, ${d.status} as status, ${d.attempts} as attempts,
      ${d.lastStatusCode} as last_status_code, ${d.lastDurationMs} as last_duration_ms,
      ${d.lastError} as last_error, ${d.lastAttemptAt} as last_attempt_at, ${d.nextAttemptAt} as next_attempt_at
      from ${d} join ${ep} on ${ep.id} = ${d.endpointId} join ${ev} on ${ev.id} = ${d.eventId}
      where ${where ?? sql`true`}
      order by ${d.createdAt} desc, ${d.id} desc`,
  );
  return csvStream(DELIVERIES_CSV_HEAD, rows, (r) => [
    csvTime(r.created_at),
    r.event_type,
    r.url,
    r.status,
    String(r.attempts),
    orEmpty(r.last_status_code),
    orEmpty(r.last_duration_ms),
    r.last_error ?? '',
    csvTime(r.last_attempt_at),
    r.status === 'pending' ? csvTime(r.next_attempt_at) : '',
    r.event_id,
    r.id,
  ]);
}
