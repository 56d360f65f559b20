/**
 * The support tickets by cursor (docs/integrations.md "Cursor pages"): the admin's list (with its
 * status filter) and the client's own, newest first, each ticket present when the reading began
 * read exactly once while tickets arrive between pages; a forged cursor refused.
 */
import { describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectEachOnce, expectForgedCursorRefused, readByCursor, wholeList } from '../../test/cursor-pages';
import { createClient } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

/** A ticket of `userId`, opened at `createdAt` (now when not given): answers its id. */
async function ticket(userId: string, createdAt?: Date, status: 'open' | 'closed' = 'open') {
  const [row] = await db()
    .insert(supportTickets)
    .values({ userId, message: 'Where is my deposit?', status, ...(createdAt && { createdAt }) })
    .returning();
  return row!.id;
}

describe('support tickets by cursor', () => {
  it("reads the client's own tickets once each, newest first, while tickets arrive between pages", async () => {
    const c = await createClient(t.app);
    for (let i = 0; i < 5; i += 1) await ticket(c.id);
    const before = await wholeList(inject, '/api/support/user', c.headers);
    expect(before).toHaveLength(5);
    const late: string[] = [];
    const early: string[] = [];
    const seen = await readByCursor(inject, '/api/support/user', c.headers, async () => {
      early.push(await ticket(c.id));
      late.push(await ticket(c.id, new Date('2020-01-01T00:00:00Z')));
    });
    expectEachOnce(seen, before, late, early);
    expect(seen).toEqual([...before, ...late]);
  });

  it("reads the admin's list with its status filter, each open ticket once", async () => {
    const c = await createClient(t.app);
    for (let i = 0; i < 4; i += 1) await ticket(c.id);
    await ticket(c.id, undefined, 'closed');
    const before = await wholeList(inject, '/api/support?status=open', admin.headers);
    const late: string[] = [];
    const seen = await readByCursor(inject, '/api/support?status=open', admin.headers, async () => {
      late.push(await ticket(c.id, new Date('2019-06-01T00:00:00Z')));
      await ticket(c.id, new Date('2019-06-01T00:00:00Z'), 'closed');
    });
    expectEachOnce(seen, before, late);
    expect(seen).toEqual([...before, ...late]);
  });

  it('refuses a cursor it did not answer', async () => {
    const c = await createClient(t.app);
    await expectForgedCursorRefused(inject, '/api/support/user', c.headers);
    await expectForgedCursorRefused(inject, '/api/support', admin.headers);
  });
});
