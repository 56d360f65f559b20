/**
 * The staff list by cursor (docs/integrations.md "Cursor pages"): by last name, first name, e-mail,
 * each member present when the reading began read exactly once while members are invited between
 * pages (one whose name sorts before the cursor's place is not read, one after it is read once); a
 * forged cursor refused.
 */
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { useTestContext } from '../../test/context';
import { expectForgedCursorRefused, expectReadOnceWhileRowsArrive } from '../../test/cursor-pages';
import { createTestUser } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

/** A support member named `lastName`: answers their id. */
async function member(lastName: string) {
  const m = await createTestUser(t.app, { role: 'support' });
  await db().update(users).set({ lastName }).where(eq(users.id, m.id));
  return m.id;
}

describe('the staff list by cursor', () => {
  it('reads each member once, by name, while members are added between pages', async () => {
    for (const name of ['Baker', 'Carter', 'Baker', 'Moreau', 'Nakamura']) await member(name);
    const before = await expectReadOnceWhileRowsArrive(inject, '/api/staff', admin.headers, async () => ({
      early: [await member('!Aardvark')],
      late: [await member('~Zimmermann')],
    }));
    expect(before.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a cursor it did not answer', async () => {
    await expectForgedCursorRefused(inject, '/api/staff', admin.headers);
  });
});
