/**
 * A helper of the cursor page tests (docs/integrations.md "Cursor pages"): a list read whole by
 * cursor, with something done between the first and the second page (rows inserted).
 */
import { expect } from 'vitest';
import type { AppInstance } from '../app-context';

/**
 * GET `url` (a list URL with its query, without `cursor` and `limit`) by cursor pages of `limit`
 * rows with `headers` until `nextCursor` is null, calling `between` after the first page; asserts
 * each page is a 200 and answers every id read, in the order read.
 */
export async function readByCursor(
  app: AppInstance,
  url: string,
  headers: Record<string, string>,
  limit: number,
  between: () => Promise<unknown>,
): Promise<string[]> {
  const seen: string[] = [];
  const join = url.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  let first = true;
  do {
    const page: string = `${url}${join}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await app.inject({ method: 'GET', url: page, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data.map((r) => r._id));
    cursor = body.nextCursor;
    if (first) await between();
    first = false;
  } while (cursor);
  return seen;
}

/**
 * Asserts that a reading by cursor (`seen`) read each row once and every row of `before` (the
 * list, in its order, when the reading began) in that order.
 */
export function expectReadOnceInOrder(seen: string[], before: string[]): void {
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.filter((id) => before.includes(id))).toEqual(before);
}
