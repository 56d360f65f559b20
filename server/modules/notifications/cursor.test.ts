/**
 * Notifications by cursor (docs/integrations.md "Cursor pages"): the client's own and the admin's
 * list of one client, newest first, each notification present when the reading began read exactly
 * once while notifications arrive between pages, never another client's; a forged cursor refused.
 */
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectForgedCursorRefused, expectReadOnceWhileRowsArrive } from '../../test/cursor-pages';
import { createClient } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

/** A notification of `userId`, sent at `createdAt` (now when not given): answers its id. */
async function notice(userId: string, createdAt?: Date) {
  const [row] = await db()
    .insert(notifications)
    .values({
      userId,
      title: 'Deposit approved',
      message: 'Your deposit is in',
      ...(createdAt && { createdAt }),
    })
    .returning();
  return row!.id;
}

describe('notifications by cursor', () => {
  it("reads the client's own once each, newest first, while notices arrive between pages", async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    for (let i = 0; i < 5; i += 1) await notice(c.id);
    await notice(other.id);
    const before = await expectReadOnceWhileRowsArrive(
      inject,
      '/api/notifications/user',
      c.headers,
      async () => {
        const early = [await notice(c.id)];
        const late = [await notice(c.id, new Date('2020-01-01T00:00:00Z'))];
        await notice(other.id, new Date('2020-01-01T00:00:00Z'));
        return { early, late };
      },
    );
    expect(before).toHaveLength(5);
    const res = await inject('GET', '/api/notifications/user?limit=1', c.headers);
    expect(res.json()).toMatchObject({ unread: 7 });
  });

  it("reads the admin's list of one client the same way", async () => {
    const c = await createClient(t.app);
    for (let i = 0; i < 5; i += 1) await notice(c.id);
    const url = `/api/notifications?userId=${c.id}`;
    await expectReadOnceWhileRowsArrive(inject, url, admin.headers, async () => ({
      late: [await notice(c.id, new Date('2020-01-01T00:00:00Z'))],
    }));
  });

  it('refuses a cursor it did not answer', async () => {
    const c = await createClient(t.app);
    await expectForgedCursorRefused(inject, '/api/notifications/user', c.headers);
    await expectForgedCursorRefused(inject, `/api/notifications?userId=${c.id}`, admin.headers);
  });
});
