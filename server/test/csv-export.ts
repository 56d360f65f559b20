/**
 * Helpers of the CSV export tests (docs/integrations.md "Exports"): an export read back as records
 * by csv-parse, a parser that shares nothing with our writer (server/lib/csv.ts), and the ids of the
 * list it exports, in the list's order, to compare with its ID column.
 */
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { AppInstance } from '../app-context';

/**
 * GET `url` with `headers` on `app`; asserts a 200 `text/csv` attachment named `filename`, and
 * answers its rows as records keyed by the header row (`head`: the header row itself).
 */
export async function readCsvExport(
  app: AppInstance,
  url: string,
  headers: Record<string, string>,
  filename: string,
): Promise<{ head: string[]; rows: Record<string, string>[] }> {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toContain(filename);
  const [head = [], ...lines] = parse(res.body, { bom: true }) as string[][];
  return { head, rows: lines.map((cells) => Object.fromEntries(head.map((h, i) => [h, cells[i] ?? '']))) };
}

/**
 * GET the list `url` (its filters and page size in the query) with `headers` on `app`; asserts a
 * 200 and answers the `_id` of each row, in the list's order.
 */
export async function listIds(app: AppInstance, url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ _id: string }> }).data.map((r) => r._id);
}

/** Asserts that GET `url` answers 403 to `headers` (a staff role without the list's permission). */
export async function expectExportRefused(app: AppInstance, url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(403);
}
