/**
 * Webhook events, written by the change that causes them (docs/integrations.md "Webhooks"): the
 * event row and one pending delivery per enabled endpoint subscribed to its type go into the
 * change's own transaction or statement, so an event is sent if and only if its change committed
 * (the transactional outbox, as the mail's). The webhook worker (modules/webhooks/worker.ts) sends
 * the deliveries. With no endpoint subscribed, nothing is written: a firm without webhooks pays one
 * index-less read of a table of a few rows.
 *
 * `data` holds ids and figures (USD amounts as decimal strings, lib/money.ts `usdDecimal`), never
 * a code, a secret, a document or an e-mail address: a receiver reads the rest through the API.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@common/schemas/webhooks';
import type { DbOrTx } from '../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';
import { StatementOfWork, type PartName, type StatementSql } from './unit-of-work';

/** One event: its type and its payload's `data` (ids and figures only). */
export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, string | number | boolean | null>;
}

/** The gate of an event written on its own. */
const always = () => sql`true`;

/**
 * Adds `event` to a one-statement unit of work (lib/unit-of-work.ts), written only when the SQL
 * condition `gate` holds: the event row when an enabled endpoint subscribes to its type, and one
 * pending delivery per such endpoint. Its values are parameters: with a lazy gate the statement
 * stays built once per shape. Answers the part that answers the event's id when it was written.
 */
export function eventInStatement(stmt: StatementOfWork, event: WebhookEvent, gate: StatementSql): PartName {
  const type = stmt.param(event.type);
  const data = stmt.param(JSON.stringify(event.data));
  const when = stmt.lazy(gate);
  const written = stmt.part(
    stmt.name('webhook_event'),
    () => sql`insert into ${webhookEvents} (type, data)
      select ${type}::text, ${data}::jsonb
      where ${when()} and exists (
        select 1 from ${webhookEndpoints} e where e.enabled and ${type}::text = any(e.event_types))
      returning id, type`,
  );
  stmt.part(
    stmt.name('webhook_deliveries'),
    () => sql`insert into ${webhookDeliveries} (event_id, endpoint_id)
      select w.id, e.id from ${written} w join ${webhookEndpoints} e on e.enabled and w.type = any(e.event_types)
      returning id`,
  );
  return written;
}

/**
 * Writes `event` on `conn` (inside the caller's transaction when `conn` is one): `eventInStatement`
 * alone. Answers whether it was written (false: no endpoint subscribes to its type).
 */
export async function recordEvent(conn: DbOrTx, event: WebhookEvent): Promise<boolean> {
  const stmt = new StatementOfWork('webhook.event');
  const written = eventInStatement(stmt, event, always);
  stmt.output('written', () => sql`exists (select 1 from ${written})`);
  const out = await stmt.run(conn, null);
  return out.written === true;
}
