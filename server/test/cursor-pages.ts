/**
 * Helpers of the cursor page tests (docs/integrations.md "Cursor pages"): a list read whole by
 * cursor while rows arrive between its pages, and a forged cursor refused.
 */
import { expect } from 'vitest';
import type { TestMethod } from './app';

type Inject = (
  method: TestMethod,
  url: string,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; body: string; json: () => unknown }>;

/**
 * Reads the list at `url` (its filters in the query, if any) by cursor pages of `limit` rows (2 when
 * not given) with `headers`, running `between` once after the first page; asserts each page is a
 * 200 of at most `limit` rows that names its next cursor (null on the last page), and answers the
 * `key` (`_id` when not given) of every row read, in the order read.
 */
export async function readByCursor(
  inject: Inject,
  url: string,
  headers: Record<string, string>,
  between: () => Promise<unknown>,
  { limit = 2, key = '_id' }: { limit?: number; key?: string } = {},
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let first = true;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: string = `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await inject('GET', page, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Record<string, string>[]; nextCursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    expect(body.nextCursor, 'a page without its next cursor').not.toBeUndefined();
    seen.push(...body.data.map((r) => r[key]!));
    cursor = body.nextCursor;
    if (first) await between();
    first = false;
  } while (cursor);
  return seen;
}

/** The `_id` of every row the list at `url` answers without paging (its whole order), with `headers`. */
export async function wholeList(inject: Inject, url: string, headers: Record<string, string>) {
  const res = await inject('GET', url, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { _id: string }[]; nextCursor?: unknown };
  expect(body).not.toHaveProperty('nextCursor');
  return body.data.map((r) => r._id);
}

/**
 * Asserts that a reading by cursor (`seen`) read every row of `before` (the whole list when the
 * reading began) once, in its order, each row of `late` (added after the cursor's place) once, and
 * none of `early` (added before it).
 */
export function expectEachOnce(
  seen: string[],
  before: string[],
  late: string[] = [],
  early: string[] = [],
): void {
  expect(new Set(seen).size, 'a row read twice').toBe(seen.length);
  expect(seen.filter((id) => before.includes(id))).toEqual(before);
  for (const id of late) expect(seen).toContain(id);
  for (const id of early) expect(seen).not.toContain(id);
}

/**
 * Reads the list at `url` whole, then by cursor with `headers`, while `arrive` (run once after the
 * first page) adds rows and answers their ids: `early`, rows that sort before the cursor's place,
 * and `late`, rows that sort after it. Asserts the cursor read each row of the whole list once, in
 * its order, then the late rows, and none of the early ones; answers the whole list (the `_id`s).
 */
export async function expectReadOnceWhileRowsArrive(
  inject: Inject,
  url: string,
  headers: Record<string, string>,
  arrive: () => Promise<{ early?: string[]; late?: string[] }>,
): Promise<string[]> {
  const before = await wholeList(inject, url, headers);
  let added: { early?: string[]; late?: string[] } = {};
  const seen = await readByCursor(inject, url, headers, async () => {
    added = await arrive();
  });
  const { early = [], late = [] } = added;
  expectEachOnce(seen, before, late, early);
  expect(seen).toEqual([...before, ...late]);
  return before;
}

/** Asserts that the list at `url` refuses a cursor it did not answer: 400 `invalid_cursor`. */
export async function expectForgedCursorRefused(
  inject: Inject,
  url: string,
  headers: Record<string, string>,
) {
  const sep = url.includes('?') ? '&' : '?';
  for (const cursor of [
    'bm9wZQ',
    Buffer.from('00000000-0000-4000-8000-00000000000g').toString('base64url'),
  ]) {
    const res = await inject('GET', `${url}${sep}limit=2&cursor=${cursor}`, headers);
    expect([res.statusCode, (res.json() as { code: string }).code], res.body).toEqual([
      400,
      'invalid_cursor',
    ]);
  }
}
