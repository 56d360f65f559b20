/**
 * Cursor pages of the audit log (lib/cursor.ts, docs/integrations.md "Cursor pages"), tried as a
 * sync job would meet them: rows keep arriving between pages, many rows share one timestamp, and a
 * cursor is tampered with. Every row present at the start is read exactly once, newest first.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { encodeCursor } from '../../lib/cursor';
import { UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';

const { admin, inject, db } = useTestContext();

/** `n` audit rows of `action`, all stamped at `at` (so only their ids order them). */
async function rows(action: string, n: number, at: Date) {
  await db()
    .insert(auditLog)
    .values(
      Array.from({ length: n }, (_, i) => ({
        actorId: admin.id,
        action,
        targetId: `row-${i}`,
        createdAt: at,
      })),
    );
}

/** An action name no other test writes (letters only, as the filter takes them). */
const freshAction = () =>
  `cursor.${Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

type Page = { data: { _id: string; createdAt: string }[]; total: number; nextCursor?: string | null };
const page = async (query: string): Promise<Page> => {
  const res = await inject('GET', `/api/audit?${query}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('GET /api/audit with ?limit and ?cursor', () => {
  it('reads every row once, newest first, while rows arrive between pages', async () => {
    const action = freshAction();
    await rows(action, 20, new Date('2026-11-01T10:00:00.000Z'));
    await rows(action, 13, new Date('2026-11-02T10:00:00.000Z'));
    const seen: Page['data'] = [];
    let next: string | null | undefined;
    let pages = 0;
    do {
      const got = await page(`action=${action}&limit=7${next ? `&cursor=${next}` : ''}`);
      seen.push(...got.data);
      next = got.nextCursor;
      pages += 1;
      // newer rows arrive meanwhile: they sort before every cursor, so they never shift a page
      await rows(action, 3, new Date());
    } while (next);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(33);
    expect(new Set(seen.map((r) => r._id)).size).toBe(33);
    const order = seen.map((r) => `${r.createdAt} ${r._id}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(seen.every((r) => r.createdAt < '2026-11-03')).toBe(true);
  });

  it('ends with a null cursor, keeps numbered pages as they were, and refuses a forged cursor', async () => {
    const action = freshAction();
    await rows(action, 3, new Date('2026-10-01T00:00:00.000Z'));
    const whole = await page(`action=${action}&limit=3`);
    expect([whole.data.length, whole.nextCursor, whole.total]).toEqual([3, null, 3]);
    const numbered = await page(`action=${action}&page=1&pageSize=10`);
    expect(numbered.nextCursor).toBeUndefined();
    expect(numbered.data.map((r) => r._id)).toEqual(whole.data.map((r) => r._id));

    const forged = await inject(
      'GET',
      `/api/audit?limit=5&cursor=${encodeCursor('not-a-row')}`,
      admin.headers,
    );
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'invalid_cursor']);
    // a well-formed cursor that names no row matches nothing
    expect((await page(`action=${action}&limit=5&cursor=${encodeCursor(UNKNOWN_ID)}`)).data).toEqual([]);
  });
});
