/**
 * The contact-form messages by cursor (docs/integrations.md "Cursor pages"): newest first, each
 * message present when the reading began read exactly once while messages arrive between pages; a
 * forged cursor refused.
 */
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { expectForgedCursorRefused, expectReadOnceWhileRowsArrive } from '../../test/cursor-pages';

const { admin, inject, db } = useTestContext();

/** A message received at `createdAt` (now when not given): answers its id. */
async function message(createdAt?: Date) {
  const [row] = await db()
    .insert(contactMessages)
    .values({
      name: 'Visitor',
      email: 'visitor@example.com',
      message: 'Hello',
      ip: '203.0.113.9',
      ...(createdAt && { createdAt }),
    })
    .returning();
  return row!.id;
}

describe('contact messages by cursor', () => {
  it('reads each message once, newest first, while messages arrive between pages', async () => {
    for (let i = 0; i < 5; i += 1) await message();
    const before = await expectReadOnceWhileRowsArrive(inject, '/api/contacts', admin.headers, async () => ({
      early: [await message()],
      late: [await message(new Date('2000-01-01T00:00:00Z'))],
    }));
    expect(before.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a cursor it did not answer', async () => {
    await expectForgedCursorRefused(inject, '/api/contacts', admin.headers);
  });
});
