/** Expectations on the app's JSON answers that most API tests make. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../db/schema';
import type { TestContext } from './app';

/** What the checks read of an inject response. */
export interface Answer {
  statusCode: number;
  json(): { message?: unknown; data?: unknown };
}

/**
 * Expects `res` to answer `status`; then, when given, its body's `message` to be `message` and its
 * `data` to match `data` (toMatchObject). Answers the parsed body.
 */
export function expectAnswer(res: Answer, status: number, message?: string, data?: object) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  if (message !== undefined) expect(body.message).toBe(message);
  if (data !== undefined) expect(body.data).toMatchObject(data);
  return body;
}

/** The audit rows of `action` in `t`'s database, in the order the table answers them. */
export const auditRowsOf = (t: TestContext, action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/**
 * Expects one audit row of `action` more than the `before` there were, and the last of them to match
 * `row` (toMatchObject).
 */
export async function expectAuditAdded(t: TestContext, action: string, before: number, row: object) {
  const rows = await auditRowsOf(t, action);
  expect(rows.length).toBe(before + 1);
  expect(rows.at(-1)).toMatchObject(row);
}

/**
 * Sends `send()` twice and expects the second answer to replay the first: 201, marked
 * `idempotent-replayed: true`, with the same body.
 */
export async function expectReplayed(send: () => Promise<Answer & { headers: Record<string, unknown> }>) {
  const first = await send();
  const again = await send();
  expect(again.statusCode).toBe(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());
}

/**
 * Expects every key of `keys` to be in `known` (a set, or the keys of a record); on failure the
 * message is `what` and the difference lists the keys that are not.
 */
export function expectAllKnown(keys: Iterable<string>, known: ReadonlySet<string> | object, what: string) {
  const has = known instanceof Set ? (key: string) => known.has(key) : (key: string) => key in known;
  expect(
    [...keys].filter((key) => !has(key)),
    what,
  ).toEqual([]);
}
