/**
 * The support tickets by cursor (docs/integrations.md "Cursor pages"): the admin's list (with its
 * status filter) and the client's own, newest first, each ticket present when the reading began
 * read exactly once while tickets arrive between pages; a forged cursor refused.
 */
import { describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectForgedCursorRefused, expectReadOnceWhileRowsArrive } from '../../test/cursor-pages';
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
    const before = await expectReadOnceWhileRowsArrive(inject, '/api/support/user', c.headers, async () => ({
      early: [await ticket(c.id)],
      late: [await ticket(c.id, new Date('2020-01-01T00:00:00Z'))],
    }));
    expect(before).toHaveLength(5);
  });

  it("reads the admin's list with its status filter, each open ticket once", async () => {
    const c = await createClient(t.app);
    for (let i = 0; i < 4; i += 1) await ticket(c.id);
    await ticket(c.id, undefined, 'closed');
    await expectReadOnceWhileRowsArrive(inject, '/api/support?status=open', admin.headers, async () => {
      const late = [await ticket(c.id, new Date('2019-06-01T00:00:00Z'))];
      await ticket(c.id, new Date('2019-06-01T00:00:00Z'), 'closed');
      return { late };
    });
  });

  it('refuses a cursor it did not answer', async () => {
    const c = await createClient(t.app);
    await expectForgedCursorRefused(inject, '/api/support/user', c.headers);
    await expectForgedCursorRefused(inject, '/api/support', admin.headers);
  });
});
