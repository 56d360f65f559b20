/**
 * The approval queue by cursor (docs/integrations.md "Cursor pages"): pending oldest first and
 * decided newest first, each request present when the reading began read exactly once, while new
 * requests are held between pages; a cursor the queue did not answer is refused.
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/context';
import { expectEachOnce, expectForgedCursorRefused, readByCursor } from '../../test/cursor-pages';
import { createClient, createTestUser } from '../../test/factories';
import { holdLargeCredit } from '../../test/four-eyes';

const { t, admin, inject } = useTestContext();

/** A large credit to a new client, held for a second member: answers the request's id. */
async function held(): Promise<string> {
  return holdLargeCredit(inject, (await createClient(t.app)).id, admin.headers);
}

/** Every request of the queue `status` by cursor pages of 2, holding `between` more after the first page. */
function readAll(status: 'pending' | 'decided', between: () => Promise<unknown>) {
  return readByCursor(inject, `/api/approvals?status=${status}`, admin.headers, between);
}

describe('the approval queue by cursor', () => {
  it('reads each pending request once, oldest first, while new ones are held between pages', async () => {
    const before = [await held(), await held(), await held(), await held(), await held()];
    const seen = await readAll('pending', async () => {
      await held();
      await held();
    });
    expectEachOnce(seen, before);
  });

  it('reads each decided request once, newest decision first, while others are decided between pages', async () => {
    const checker = await createTestUser(t.app, { role: 'owner' });
    const approve = (id: string) => inject('POST', `/api/approvals/${id}/approve`, checker.headers, {});
    const decided: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await held();
      expect((await approve(id)).statusCode).toBe(200);
      decided.unshift(id);
    }
    const later = await held();
    const seen = await readAll('decided', () => approve(later));
    expectEachOnce(seen, decided);
  });

  it('refuses a cursor it did not answer', async () => {
    await expectForgedCursorRefused(inject, '/api/approvals', admin.headers);
  });
});
