/**
 * GET /api/webhooks/deliveries/export.csv (docs/integrations.md "Exports"): the delivery log as CSV
 * with its filters (endpoint, status), newest first as the log pages it, an error text that looks
 * like a formula defused, and 403 for a role without `webhooks.manage`.
 */
import { describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectExportRefused, readCsvExport } from '../../test/csv-export';
import { createTestUser } from '../../test/factories';
import { DELIVERIES_CSV_HEAD } from './export';

const { t, admin, inject, db } = useTestContext();

/** A disabled endpoint (the worker leaves it alone) at `url`: answers its id. */
async function endpoint(url: string) {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({
      url,
      eventTypes: ['deposit.requested'],
      sealedSecret: 'sealed',
      secretHint: 'abcd',
      enabled: false,
      disabledReason: 'test',
      createdBy: admin.id,
    })
    .returning();
  return row!.id;
}

describe('GET /api/webhooks/deliveries/export.csv', () => {
  it("exports the log's rows with its filters, newest first, formula-safe", async () => {
    const [a, b] = [
      await endpoint('https://a.example.com/hook'),
      await endpoint('https://b.example.com/hook'),
    ];
    const [event] = await db()
      .insert(webhookEvents)
      .values({ type: 'deposit.requested', data: {} })
      .returning();
    const delivery = (endpointId: string, status: string, createdAt: string, extra = {}) => ({
      eventId: event!.id,
      endpointId,
      status,
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(createdAt),
      ...extra,
    });
    const [failedOld, succeeded, failedNew, otherEndpoint] = await db()
      .insert(webhookDeliveries)
      .values([
        delivery(a, 'failed', '2025-03-01T10:00:00Z', {
          lastStatusCode: 500,
          lastDurationMs: 120,
          lastError: '=HYPERLINK("https://evil.example")',
          lastAttemptAt: new Date('2025-03-01T10:00:01Z'),
        }),
        delivery(a, 'succeeded', '2025-03-02T10:00:00Z', { lastStatusCode: 200 }),
        delivery(a, 'failed', '2025-03-03T10:00:00Z'),
        delivery(b, 'failed', '2025-03-04T10:00:00Z'),
      ])
      .returning();
    const url = `/api/webhooks/deliveries/export.csv?endpointId=${a}&status=failed`;
    const { head, rows } = await readCsvExport(t.app, url, admin.headers, 'webhook-deliveries.csv');
    expect(head).toEqual(DELIVERIES_CSV_HEAD);
    expect(rows.map((r) => r.ID)).toEqual([failedNew!.id, failedOld!.id]);
    expect(rows[1]).toEqual({
      'Created (UTC)': '2025-03-01T10:00:00.000Z',
      Event: 'deposit.requested',
      Endpoint: 'https://a.example.com/hook',
      Status: 'failed',
      Tries: '1',
      'Last HTTP status': '500',
      'Last duration (ms)': '120',
      'Last error': `'=HYPERLINK("https://evil.example")`,
      'Last try (UTC)': '2025-03-01T10:00:01.000Z',
      'Next try (UTC)': '',
      'Event ID': event!.id,
      ID: failedOld!.id,
    });
    // the same rows, in the same order, as the log answers them
    const log = await inject('GET', `/api/webhooks/deliveries?endpointId=${a}&status=failed`, admin.headers);
    expect(rows.map((r) => r.ID)).toEqual((log.json().data as Array<{ id: string }>).map((d) => d.id));
    const all = await readCsvExport(
      t.app,
      '/api/webhooks/deliveries/export.csv',
      admin.headers,
      'webhook-deliveries.csv',
    );
    const ids = all.rows.map((r) => r.ID);
    expect(
      ids.filter((id) => [failedOld, succeeded, failedNew, otherEndpoint].some((d) => d!.id === id)),
    ).toEqual([otherEndpoint, failedNew, succeeded, failedOld].map((d) => d!.id));
  });

  it('refuses a bad filter and a role without webhooks.manage', async () => {
    const bad = await inject('GET', '/api/webhooks/deliveries/export.csv?status=lost', admin.headers);
    expect(bad.statusCode).toBe(400);
    const finance = await createTestUser(t.app, { role: 'finance' });
    await expectExportRefused(t.app, '/api/webhooks/deliveries/export.csv', finance.headers);
  });
});
