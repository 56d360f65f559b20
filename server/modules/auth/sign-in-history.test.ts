/**
 * The sign-in history by cursor (docs/integrations.md "Cursor pages"), the signed-in person's own
 * (GET /api/auth/sign-in-history) and the staff's per-client read (GET /api/user/admin/:id/sign-in-history):
 * every attempt present when the reading began is read exactly once, newest first, while new
 * attempts arrive between pages; attempts of the same instant are told apart by id; another
 * person's attempts never show; a cursor the list did not answer is refused.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInEvents } from '../../db/schema';
import { createSignedInUser } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectForgedCursorRefused, readByCursor } from '../../test/cursor-pages';

const { t, admin, inject, db } = useTestContext();

/**
 * Writes `n` attempts of `userId`, each from its own address `<prefix>.<i>`, all at one instant
 * `at` (so only their ids order them), as the sign-in records them (sessions.ts `record`).
 */
async function attempts(userId: string, prefix: string, n: number, at = new Date()) {
  await db()
    .insert(signInEvents)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        ip: `${prefix}.${i}`,
        network: `${prefix}.${i}`,
        userAgent: 'history-test/1',
        result: i % 2 ? 'wrong_password' : 'success',
        createdAt: at,
      })),
    );
}

/** The addresses of `userId`'s attempts as the list orders them: newest first, then by id, descending. */
async function expectedOrder(userId: string): Promise<string[]> {
  const rows = await queryRows<{ ip: string }>(
    db(),
    sql`select ip from sign_in_events where user_id = ${userId} order by created_at desc, id desc`,
  );
  return rows.map((r) => r.ip);
}

/** Reads `url` by cursor pages of 3, calling `between` after the first page; answers the addresses read. */
function readAll(url: string, who: { headers: Record<string, string> }, between: () => Promise<unknown>) {
  return readByCursor(inject, url, who.headers, between, { limit: 3, key: 'ip' });
}

describe('the sign-in history by cursor', () => {
  it("reads each of the user's own attempts once, newest first, while new ones arrive", async () => {
    const user = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await attempts(user.id, '198.51.100', 4, new Date(Date.now() - 60_000));
    await attempts(user.id, '203.0.113', 4); // one instant: the ids order them
    await attempts(other.id, '192.0.2', 3);
    const before = await expectedOrder(user.id);
    const seen = await readAll('/api/auth/sign-in-history', user, () => attempts(user.id, '100.64.0', 2));
    expect(seen).toEqual(before);
    expect(seen.some((ip) => ip.startsWith('192.0.2.'))).toBe(false);
    // the attempts written meanwhile are there for the next reading
    expect((await expectedOrder(user.id)).length).toBe(before.length + 2);
  });

  it("reads a client's attempts once for staff, in the same order, while new ones arrive", async () => {
    const client = await createSignedInUser(t.app);
    await attempts(client.id, '198.51.100', 5);
    const before = await expectedOrder(client.id);
    const seen = await readAll(`/api/user/admin/${client.id}/sign-in-history`, admin, () =>
      attempts(client.id, '100.64.1', 3),
    );
    expect(seen).toEqual(before);
  });

  it('still pages by number, without a next cursor', async () => {
    const user = await createSignedInUser(t.app);
    await attempts(user.id, '198.51.100', 12);
    const page = (await inject('GET', '/api/auth/sign-in-history?page=2&pageSize=10', user.headers)).json();
    expect(page.total).toBe(13); // and the sign-in of createSignedInUser
    expect(page.data).toHaveLength(3);
    expect(page).not.toHaveProperty('nextCursor');
  });

  it('refuses a cursor it did not answer', async () => {
    const user = await createSignedInUser(t.app);
    for (const url of ['/api/auth/sign-in-history', `/api/user/admin/${user.id}/sign-in-history`]) {
      await expectForgedCursorRefused(inject, url, (url.includes('admin') ? admin : user).headers);
    }
  });
});
